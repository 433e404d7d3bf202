-- Functions that let a command send all its statements in one flight (issue 13).
-- The schema check travels with each command's first statements instead of costing round trips
-- of its own: `SELECT tracker_schema_guard(N, newer_allowed)` answers N when the newest applied
-- migration is N, and otherwise raises an error the client recognises by its SQLSTATE: TS001
-- (older than the client: run `tracker migrate`) or TS002 (newer; allowed for reads only). A
-- database older than this migration has no such function (SQLSTATE 42883): older too.
-- Every later schema keeps this function and its two codes.
CREATE FUNCTION tracker_schema_guard(expected integer, newer_allowed boolean) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
    applied integer;
BEGIN
    SELECT coalesce(max(version), 0) INTO applied FROM schema_migrations;
    IF applied < expected THEN
        RAISE EXCEPTION 'the database schema is at migration %, older than this client''s %', applied, expected
            USING ERRCODE = 'TS001';
    END IF;
    IF applied > expected AND NOT newer_allowed THEN
        RAISE EXCEPTION 'the database schema is at migration %, newer than this client''s %', applied, expected
            USING ERRCODE = 'TS002';
    END IF;
    RETURN applied;
END;
$$;

-- A login's user id inside a statement, so a change names its people by login and still costs
-- one statement: an unknown login raises TS003 (TS004 for the acting user, with candidates for
-- suggestions as HINT), with the login as the error's DETAIL, and the whole change is refused.
CREATE FUNCTION tracker_user_id(wanted text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
    found bigint;
BEGIN
    SELECT id INTO found FROM users WHERE lower(login) = lower(wanted);
    IF found IS NULL THEN
        RAISE EXCEPTION 'no user %', wanted USING ERRCODE = 'TS003', DETAIL = wanted;
    END IF;
    RETURN found;
END;
$$;

CREATE FUNCTION tracker_actor_id(wanted text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
    found bigint;
BEGIN
    SELECT id INTO found FROM users WHERE lower(login) = lower(wanted);
    IF found IS NULL THEN
        -- The candidates for "did you mean" (logins with the same first letter), ranked by the client.
        RAISE EXCEPTION 'no user %', wanted USING ERRCODE = 'TS004', DETAIL = wanted, HINT = coalesce(
            (SELECT string_agg(login, ' ' ORDER BY lower(login))
               FROM (SELECT login FROM users WHERE lower(login) LIKE lower(left(wanted, 1)) || '%'
                      ORDER BY lower(login) LIMIT 200) AS candidates), '');
    END IF;
    RETURN found;
END;
$$;

-- Label and milestone ids by name inside a statement, in the same way: TS005 and TS006.
CREATE FUNCTION tracker_label_id(wanted text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
    found bigint;
BEGIN
    SELECT id INTO found FROM labels WHERE lower(name) = lower(wanted);
    IF found IS NULL THEN
        RAISE EXCEPTION 'no label %', wanted USING ERRCODE = 'TS005', DETAIL = wanted;
    END IF;
    RETURN found;
END;
$$;

CREATE FUNCTION tracker_milestone_number(wanted text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
    found bigint;
BEGIN
    SELECT number INTO found FROM milestones WHERE lower(title) = lower(wanted);
    IF found IS NULL THEN
        RAISE EXCEPTION 'no milestone %', wanted USING ERRCODE = 'TS006', DETAIL = wanted;
    END IF;
    RETURN found;
END;
$$;

-- Locks the issues' rows in number order (so concurrent changes of several issues cannot
-- deadlock) and refuses the change when one does not exist: TS007, its number as DETAIL.
CREATE FUNCTION tracker_lock_issues(wanted bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    missing bigint;
BEGIN
    PERFORM 1 FROM issues WHERE number = ANY(wanted) ORDER BY number FOR UPDATE;
    SELECT w INTO missing FROM unnest(wanted) AS w
     WHERE NOT EXISTS (SELECT 1 FROM issues WHERE number = w) ORDER BY w LIMIT 1;
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'issue #% does not exist', missing USING ERRCODE = 'TS007', DETAIL = missing::text;
    END IF;
END;
$$;
