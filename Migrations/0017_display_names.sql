-- People's display names (issue 33): an import keeps the names a file gives its people, and a
-- person edits their own name (`tracker users edit LOGIN --name NAME`), an admin anyone's.

-- 1. An import registers the people it names with their names, and fills the name of a person
-- already here whose name is empty; a name someone set is never replaced. (0014's one-argument
-- form stays for clients from before this migration.) Ids by lowercased login, as before.
CREATE FUNCTION tracker_import_users(p_logins text[], p_names text[]) RETURNS TABLE (login text, id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    INSERT INTO users (login, name) SELECT * FROM unnest(p_logins, p_names) ON CONFLICT DO NOTHING;
    UPDATE users u SET name = given.name
      FROM unnest(p_logins, p_names) AS given (login, name)
     WHERE lower(u.login) = lower(given.login) AND u.name = '' AND given.name <> '';
    RETURN QUERY SELECT lower(u.login), u.id FROM users u WHERE lower(u.login) = ANY (SELECT lower(unnest(p_logins)));
END;
$$;

-- 2. A person's display name, set or cleared (''): one's own with any level (as anyone edits
-- their own profile on GitHub), anyone else's with admin. The acting user is the session's
-- (tracker_acting: a role with no level is refused, acting as another needs admin).
CREATE FUNCTION tracker_edit_user(p_acting text, p_login text, p_name text, OUT login text, OUT name text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record;
    v_user bigint;
BEGIN
    v_who := tracker_acting(p_acting);
    v_user := tracker_user_id(p_login);
    IF v_user IS DISTINCT FROM v_who.actor_id THEN
        PERFORM tracker_require('admin', pg_catalog.format('editing %s''s name', (SELECT u.login FROM users u WHERE u.id = v_user)));
    END IF;
    UPDATE users u SET name = p_name WHERE u.id = v_user RETURNING u.login, u.name INTO login, name;
END;
$$;
