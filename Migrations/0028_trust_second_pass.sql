-- Issue 44: the trust model's second pass. Each part closes a class of attack; ARCHITECTURE.md's
-- security section says which.

-- 1. An import is one transaction of one session, finished once. Definer code reads the import's
--    staging tables only after proving they are the ones tracker_import_begin made: ordinary
--    tables in this session's own temporary schema, owned by the definer, with no rules,
--    triggers, policies or children (a caller's temporary view or function of the same name ran
--    with the owner's rights). The steps that move counters or register people run only inside
--    such an import, within bounds.
CREATE TABLE import_sessions (
    import_id    bigint PRIMARY KEY,
    role_name    text NOT NULL,
    backend_pid  integer NOT NULL,
    xact         xid8 NOT NULL,
    comment_ids  bigint NOT NULL DEFAULT 0,
    finished     boolean NOT NULL DEFAULT false
);

-- The import begun by this session in this transaction (p_import, or whichever when NULL),
-- finished or not as p_finished says; refused otherwise.
CREATE FUNCTION tracker_open_import(p_import bigint, p_finished boolean) RETURNS bigint
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_import bigint;
BEGIN
    SELECT s.import_id INTO v_import FROM import_sessions s
     WHERE (p_import IS NULL OR s.import_id = p_import) AND s.role_name = session_user
       AND s.backend_pid = pg_backend_pid() AND s.xact = pg_current_xact_id_if_assigned()
       AND s.finished = p_finished
     ORDER BY s.import_id DESC LIMIT 1;
    IF v_import IS NULL THEN
        RAISE EXCEPTION 'no import % in this transaction: tracker_import_begin starts one, and it is finished once, in the transaction that began it',
            CASE WHEN p_finished THEN 'was finished' ELSE 'is open' END USING ERRCODE = 'TS010';
    END IF;
    RETURN v_import;
END;
$$;

CREATE FUNCTION tracker_check_import_staging() RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_bad text;
BEGIN
    SELECT t.name INTO v_bad
      FROM unnest(ARRAY['import_issues', 'import_assignees', 'import_labels', 'import_events', 'import_comments',
                        'import_comment_events', 'import_mentions']) AS t (name)
     WHERE NOT EXISTS (SELECT 1 FROM pg_class c
                        WHERE c.relname = t.name AND c.relnamespace = pg_my_temp_schema() AND c.relkind = 'r'
                          AND c.relowner = (SELECT r.oid FROM pg_roles r WHERE r.rolname = current_user)
                          AND NOT c.relhasrules AND NOT c.relhastriggers AND NOT c.relrowsecurity
                          AND NOT c.relhassubclass AND NOT c.relispartition)
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION 'the import''s staging table % is not the one tracker_import_begin made; nothing was imported',
            v_bad USING ERRCODE = 'TS010';
    END IF;
END;
$$;

ALTER FUNCTION tracker_import_begin(text) RENAME TO tracker_import_begin_unguarded;
CREATE FUNCTION tracker_import_begin(p_acting text, OUT import_id bigint, OUT last_number bigint, OUT empty boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    SELECT b.import_id, b.last_number, b.empty INTO import_id, last_number, empty
      FROM tracker_import_begin_unguarded(p_acting) b;
    INSERT INTO import_sessions (import_id, role_name, backend_pid, xact)
    VALUES (import_id, session_user, pg_backend_pid(), pg_current_xact_id());
END;
$$;

ALTER FUNCTION tracker_import_finish(bigint, boolean) RENAME TO tracker_import_finish_unguarded;
-- Rows may name only the issues the import creates: an event or comment on another issue would be
-- history nobody wrote, which `import --undo` could not take back.
CREATE FUNCTION tracker_import_finish(p_import bigint, p_kept_comment_ids boolean) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_stray bigint;
    v_session import_sessions;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(p_import, false);
    PERFORM tracker_check_import_staging();
    SELECT s.issue_number INTO v_stray
      FROM (SELECT issue_number FROM pg_temp.import_assignees UNION ALL
            SELECT issue_number FROM pg_temp.import_labels UNION ALL
            SELECT issue_number FROM pg_temp.import_events UNION ALL
            SELECT issue_number FROM pg_temp.import_comments UNION ALL
            SELECT issue_number FROM pg_temp.import_comment_events UNION ALL
            SELECT issue_number FROM pg_temp.import_mentions) s
     WHERE NOT EXISTS (SELECT 1 FROM pg_temp.import_issues i WHERE i.number = s.issue_number)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'the import names issue #%, which it does not create; an import writes only its own issues, so nothing was imported',
            coalesce(v_stray::text, 'NULL') USING ERRCODE = 'TS010';
    END IF;
    SELECT * INTO v_session FROM import_sessions WHERE import_id = p_import;
    IF NOT p_kept_comment_ids AND (SELECT count(*) FROM pg_temp.import_comments) > v_session.comment_ids THEN
        RAISE EXCEPTION 'the import stages more comments than the ids it took; nothing was imported'
            USING ERRCODE = 'TS010';
    END IF;
    UPDATE import_sessions SET finished = true WHERE import_id = p_import;
    PERFORM tracker_import_finish_unguarded(p_import, p_kept_comment_ids);
END;
$$;

DROP FUNCTION tracker_import_users(text[]);
ALTER FUNCTION tracker_import_users(text[], text[]) RENAME TO tracker_import_users_unguarded;
CREATE FUNCTION tracker_import_users(p_logins text[], p_names text[]) RETURNS TABLE (login text, id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(NULL, false);
    RETURN QUERY SELECT * FROM tracker_import_users_unguarded(p_logins, p_names);
END;
$$;

ALTER FUNCTION tracker_import_labels(text[], text[], text[]) RENAME TO tracker_import_labels_unguarded;
CREATE FUNCTION tracker_import_labels(p_names text[], p_colors text[], p_descriptions text[])
RETURNS TABLE (name text, id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(NULL, false);
    RETURN QUERY SELECT * FROM tracker_import_labels_unguarded(p_names, p_colors, p_descriptions);
END;
$$;

-- A milestone's number is one a person could type; a number near bigint's end would leave the
-- shared milestone counter nothing to give.
ALTER FUNCTION tracker_import_milestones(bigint[], text[], text[], timestamptz[], text[])
    RENAME TO tracker_import_milestones_unguarded;
CREATE FUNCTION tracker_import_milestones(
    p_numbers bigint[], p_titles text[], p_descriptions text[], p_dues timestamptz[], p_states text[]
) RETURNS TABLE (title text, number bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(NULL, false);
    IF EXISTS (SELECT 1 FROM unnest(p_numbers) n WHERE n < 1 OR n > 2147483647) THEN
        RAISE EXCEPTION 'a milestone number must be between 1 and 2147483647; nothing was imported'
            USING ERRCODE = 'TS010';
    END IF;
    RETURN QUERY SELECT * FROM tracker_import_milestones_unguarded(p_numbers, p_titles, p_descriptions, p_dues,
                                                                  p_states);
END;
$$;

-- Comment ids: once per import, a count an import can hold.
ALTER FUNCTION tracker_import_comment_ids(bigint) RENAME TO tracker_import_comment_ids_unguarded;
CREATE FUNCTION tracker_import_comment_ids(p_count bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_import bigint;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    v_import := tracker_open_import(NULL, false);
    IF p_count IS NULL OR p_count < 1 OR p_count > 100000000 THEN
        RAISE EXCEPTION 'an import takes between 1 and 100000000 comment ids, not %', coalesce(p_count::text, 'NULL')
            USING ERRCODE = 'TS010';
    END IF;
    UPDATE import_sessions SET comment_ids = p_count WHERE import_id = v_import AND comment_ids = 0;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'this import already took its comment ids' USING ERRCODE = 'TS010';
    END IF;
    RETURN tracker_import_comment_ids_unguarded(p_count);
END;
$$;

ALTER FUNCTION tracker_import_sources(bigint, text[], bigint[], text[], text[], text[], timestamptz[])
    RENAME TO tracker_import_sources_unguarded;
CREATE FUNCTION tracker_import_sources(
    p_import bigint, p_keys text[], p_numbers bigint[], p_titles text[], p_bodies text[], p_authors text[],
    p_created timestamptz[]
) RETURNS TABLE (key text, known boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp SET jit = off AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(p_import, false);
    RETURN QUERY SELECT * FROM tracker_import_sources_unguarded(p_import, p_keys, p_numbers, p_titles, p_bodies,
                                                               p_authors, p_created);
END;
$$;

ALTER FUNCTION tracker_import_plan(bigint, bigint[], smallint[], date[]) RENAME TO tracker_import_plan_unguarded;
CREATE FUNCTION tracker_import_plan(p_import bigint, p_numbers bigint[], p_priorities smallint[], p_dues date[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(p_import, true);
    PERFORM tracker_import_plan_unguarded(p_import, p_numbers, p_priorities, p_dues);
END;
$$;

ALTER FUNCTION tracker_import_structure(bigint, bigint[], bigint[], bigint[], bigint[], bigint[], bigint[])
    RENAME TO tracker_import_structure_unguarded;
CREATE FUNCTION tracker_import_structure(
    p_import bigint, p_children bigint[], p_parents bigint[], p_blocked bigint[], p_blocking bigint[],
    p_duplicates bigint[], p_originals bigint[]
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    PERFORM tracker_open_import(p_import, true);
    PERFORM tracker_import_structure_unguarded(p_import, p_children, p_parents, p_blocked, p_blocking,
                                               p_duplicates, p_originals);
END;
$$;

-- 2. The structure lock is a row of a table only the tracker's functions can read, taken after
--    the level is known: an advisory key is anyone's to hold. Shared by every change of issues,
--    exclusive for a change of structure (0019).
CREATE TABLE structure_lock (one boolean PRIMARY KEY CONSTRAINT structure_lock_one CHECK (one));
INSERT INTO structure_lock VALUES (true);

CREATE FUNCTION tracker_structure_lock(p_exclusive boolean) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_access record := tracker_level_in(tracker_project_id());
BEGIN
    IF v_access.level IS NULL THEN
        PERFORM tracker_refuse_outsider(v_access.project_key);
    END IF;
    IF p_exclusive THEN
        PERFORM 1 FROM structure_lock FOR UPDATE;
    ELSE
        PERFORM 1 FROM structure_lock FOR KEY SHARE;
    END IF;
END;
$$;

-- Every function that took the advisory key takes the row instead; a lock of no issues is none.
DO $$
DECLARE
    v_function record;
    v_body text;
BEGIN
    FOR v_function IN
        SELECT p.oid, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
         WHERE p.pronamespace = 'tracker'::regnamespace AND p.prosrc ~ 'tracker_structure_lock_key\(\)'
           AND p.proname <> 'tracker_structure_lock_key'
    LOOP
        v_body := replace(v_function.definition,
                          'PERFORM pg_advisory_xact_lock_shared(tracker_structure_lock_key());',
                          CASE WHEN v_function.definition ~ 'FUNCTION tracker\.tracker_lock_any_issues\('
                               THEN 'IF coalesce(cardinality(wanted), 0) = 0 THEN RETURN; END IF; '
                               ELSE '' END || 'PERFORM tracker_structure_lock(false);');
        v_body := replace(v_body, 'PERFORM pg_advisory_xact_lock(tracker_structure_lock_key());',
                          'PERFORM tracker_structure_lock(true);');
        IF v_body ~ 'tracker_structure_lock_key\(\)' THEN
            RAISE EXCEPTION 'a use of the structure lock key that this migration does not know: %', v_function.oid::regprocedure;
        END IF;
        EXECUTE v_body;
    END LOOP;
END;
$$;
DROP FUNCTION tracker_structure_lock_key();

-- A change of structure to no issues changes nothing, and locks nothing.
CREATE OR REPLACE FUNCTION tracker_begin_structure_change(p_who record, p_numbers bigint[], p_doing text) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    IF coalesce(cardinality(p_numbers), 0) = 0 THEN
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(p_numbers) AS wanted (number)
                WHERE NOT EXISTS (SELECT 1 FROM issue_events e
                                   WHERE e.issue_number = wanted.number AND e.kind = 'created'
                                     AND e.actor_id = p_who.actor_id AND e.xact = pg_current_xact_id())) THEN
        PERFORM tracker_require('triage', p_doing);
    ELSE
        PERFORM tracker_require('write', p_doing);
    END IF;
    PERFORM tracker_structure_lock(true);
    PERFORM tracker_lock_issues(p_numbers);
END;
$$;

-- 3. Reads: the level is checked for every read, never skipped because no project has levels of
--    its own (a revoked role kept reading through that shortcut).
CREATE OR REPLACE FUNCTION tracker_readable_project_id() RETURNS bigint
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_project bigint := tracker_project_id();
    v_access record := tracker_level_in(v_project);
BEGIN
    IF v_access.level IS NULL THEN
        PERFORM tracker_refuse_outsider(v_access.project_key);
    END IF;
    RETURN v_project;
END
$$;

-- A role with no level here learns that, and what to ask for; not who the admins are.
CREATE OR REPLACE FUNCTION tracker_refuse_stranger() RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'role % has no access to this tracker; ask an admin to run: tracker access grant % read',
        session_user, session_user
        USING ERRCODE = 'TS012';
END;
$$;

-- 4. Revoking leaves nothing behind: the member role a project grant gave goes with the last
--    project grant, and a tracker-wide revoke takes the role's project grants too.
CREATE FUNCTION tracker_drop_membership(p_role text) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM project_levels WHERE role_name = p_role)
       AND EXISTS (SELECT 1 FROM pg_auth_members m
                    WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = tracker_member_role())
                      AND m.member = (SELECT oid FROM pg_roles WHERE rolname = p_role)) THEN
        EXECUTE pg_catalog.format('REVOKE %I FROM %I', tracker_member_role(), p_role);
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION tracker_revoke_project_level(p_who text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_role text;
BEGIN
    PERFORM tracker_require('admin', 'revoking levels');
    v_role := tracker_role_of(p_who);
    DELETE FROM project_levels WHERE project_id = tracker_project_id() AND role_name = v_role;
    PERFORM tracker_note_project_levels();
    PERFORM tracker_drop_membership(v_role);
END;
$$;

CREATE OR REPLACE FUNCTION tracker_revoke_level(p_who text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_role text;
BEGIN
    PERFORM tracker_require('admin', 'revoking levels');
    v_role := tracker_role_of(p_who);
    PERFORM tracker_revoke_levels(v_role);
    DELETE FROM project_levels WHERE role_name = v_role;
    PERFORM tracker_note_project_levels();
    PERFORM tracker_drop_membership(v_role);
END;
$$;

-- What earlier revokes left: member roles held with no project grant and no level.
DO $$
DECLARE
    v_role text;
BEGIN
    FOR v_role IN
        SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
         WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = tracker_member_role()) AND r.rolcanlogin
    LOOP
        PERFORM tracker_drop_membership(v_role);
    END LOOP;
END;
$$;

-- 5. Privileges, restated after every migration by the migrator (tracker_seal_privileges): PUBLIC
--    executes only the schema guard, which tells a role with no level what to ask for; the
--    member role executes every function but the *_unguarded ones, which only the definer
--    functions wrapping them call; the tables only the functions use are nobody's.
CREATE FUNCTION tracker_seal_privileges() RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_member text := tracker_member_role();
    v_read text := (SELECT role_name FROM levels WHERE level = 'read');
    v_function regprocedure;
BEGIN
    REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA tracker FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION tracker_schema_guard(integer, boolean) TO PUBLIC;
    EXECUTE pg_catalog.format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA tracker TO %I', v_member);
    FOR v_function IN
        SELECT p.oid::regprocedure FROM pg_proc p
         WHERE p.pronamespace = 'tracker'::regnamespace
           AND (p.proname ~ '_unguarded$' OR p.proname = 'tracker_seal_privileges')
    LOOP
        EXECUTE pg_catalog.format('REVOKE EXECUTE ON FUNCTION %s FROM %I, %I', v_function, v_member, v_read);
    END LOOP;
    EXECUTE pg_catalog.format('REVOKE ALL ON import_sessions, structure_lock FROM PUBLIC, %I, %I', v_member, v_read);
END;
$$;
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
SELECT tracker_seal_privileges();

-- Temporary objects are where a caller's names shadow a definer's: where the migrating role may
-- (it owns the database), only it keeps TEMPORARY, for the import's staging tables.
DO $$
BEGIN
    IF pg_has_role(current_user, (SELECT datdba FROM pg_database WHERE datname = current_database()), 'USAGE') THEN
        EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
        EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO %I', current_database(), current_user);
    END IF;
END;
$$;
