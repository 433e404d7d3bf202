-- Who you are is who PostgreSQL authenticated, and what you may do is decided here (issue 27).
--
-- The model (ARCHITECTURE.md, "Access"):
--   * A tracker user may be linked to the PostgreSQL role that logs in as them (users.role_name).
--     The acting user of a change is the session role's user; naming another (`--as`) needs the
--     admin level and is recorded on every event it writes (acting_user_id). A superuser's session
--     (the private cluster, a server's administrator) is taken as the user it names: PostgreSQL
--     lets a superuser write anything, so pretending otherwise would protect nothing. Every event
--     records the role that wrote it (role_name).
--   * Levels are GitHub's five, as PostgreSQL group roles this migration creates for this database
--     (`tracker_<database>_read` ... `_admin`, each a member of the one below, names kept in
--     `levels`). A role holds a level by membership; superusers hold admin.
--   * Every tracker role may only read tables (SELECT, through the read level). Every change goes
--     through a SECURITY DEFINER function (migration 0014) that checks the level, takes the actor
--     from the session, and writes the change with its events: no role but the owner can write a
--     row, so no SQL can forge an event, a counter, a comment or an author.
-- The role running this migration needs CREATEROLE (a database owner on a managed service has
-- it); it becomes admin, and (unless it is a superuser) gets a tracker user named after it.

-- 1. Identity
ALTER TABLE users ADD COLUMN role_name text
    CONSTRAINT users_role_name_length CHECK (char_length(role_name) BETWEEN 1 AND 63);
CREATE UNIQUE INDEX users_role_name_key ON users (role_name);

-- Imports, so an imported history says who imported it (issue 29 adds what it needs to undo one).
CREATE TABLE imports (
    id           bigint PRIMARY KEY CONSTRAINT imports_id_range CHECK (id BETWEEN 1 AND 9007199254740991),
    user_id      bigint NOT NULL REFERENCES users (id),
    role_name    text NOT NULL DEFAULT session_user,
    imported_at  timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE id_counters
    DROP CONSTRAINT id_counters_name_known,
    ADD CONSTRAINT id_counters_name_known CHECK (name IN ('comment', 'milestone', 'import'));
INSERT INTO id_counters (name, last_value) VALUES ('import', 0);

-- Who wrote each event: the user who acted for its actor (`--as`), the import it came with, and
-- always the session's role (NULL for events from before this migration).
ALTER TABLE issue_events
    ADD COLUMN acting_user_id bigint REFERENCES users (id),
    ADD COLUMN import_id bigint REFERENCES imports (id),
    ADD COLUMN role_name text;
ALTER TABLE issue_events ALTER COLUMN role_name SET DEFAULT session_user;

-- 2. Levels
CREATE TABLE levels (
    level      text PRIMARY KEY
               CONSTRAINT levels_known CHECK (level IN ('read', 'triage', 'write', 'maintain', 'admin')),
    rank       integer NOT NULL UNIQUE,
    role_name  text NOT NULL UNIQUE
);

DO $levels$
DECLARE
    prefix text := 'tracker_' || CASE WHEN current_database() ~ '^[a-z0-9_]{1,40}$' THEN current_database()
                                      ELSE (SELECT oid::text FROM pg_database WHERE datname = current_database()) END;
    item record;
    wanted text;
    below text;
BEGIN
    IF NOT (SELECT rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        RAISE EXCEPTION 'tracker''s levels are PostgreSQL roles, and role % may not create roles', current_user
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = pg_catalog.format(
                      'give it CREATEROLE (ALTER ROLE %I CREATEROLE), or run tracker migrate as a role that has it',
                      current_user);
    END IF;
    FOR item IN SELECT * FROM (VALUES ('read', 1), ('triage', 2), ('write', 3), ('maintain', 4), ('admin', 5))
                    AS known (level, rank) ORDER BY rank LOOP
        wanted := prefix || '_' || item.level;
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = wanted) THEN
            EXECUTE pg_catalog.format('CREATE ROLE %I NOLOGIN', wanted);
        ELSIF (SELECT rolcanlogin OR rolsuper FROM pg_roles WHERE rolname = wanted) THEN
            RAISE EXCEPTION 'a role named % exists and can log in; tracker needs that name for a level', wanted;
        END IF;
        IF below IS NOT NULL THEN
            EXECUTE pg_catalog.format('GRANT %I TO %I', below, wanted);
        END IF;
        INSERT INTO levels (level, rank, role_name) VALUES (item.level, item.rank, wanted);
        below := wanted;
    END LOOP;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE pg_catalog.format('GRANT %I TO %I', below, current_user);
    END IF;
END;
$levels$;

-- 3. Identity and level inside a statement. SECURITY DEFINER, so a role that may read nothing
--    still gets a refusal that says why; each pins its search path.

-- The session role's own tracker user, if it is linked to one.
CREATE FUNCTION tracker_session_user_id() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT id FROM users WHERE role_name = session_user
$$;

CREATE FUNCTION tracker_session_is_superuser() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = session_user), false)
$$;

-- The highest level the session role holds (admin for a superuser), or NULL.
CREATE FUNCTION tracker_session_level() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE WHEN tracker_session_is_superuser() THEN 'admin' ELSE
    (SELECT level FROM levels WHERE pg_has_role(session_user, role_name, 'MEMBER') ORDER BY rank DESC LIMIT 1)
END
$$;

-- Who the session is in messages: its user's login, else its role.
CREATE FUNCTION tracker_session_name() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce((SELECT login FROM users WHERE id = tracker_session_user_id()), session_user::text)
$$;

-- The admins to ask, for refusals: the logins (or roles) holding admin, at most five.
CREATE FUNCTION tracker_admins() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce(string_agg(name, ', ' ORDER BY name), 'the tracker''s owner') FROM (
    SELECT coalesce(u.login, r.rolname::text) AS name
      FROM pg_roles r LEFT JOIN users u ON u.role_name = r.rolname
     WHERE r.rolcanlogin AND NOT r.rolsuper
       AND pg_has_role(r.oid, (SELECT role_name FROM levels WHERE level = 'admin'), 'MEMBER')
     ORDER BY 1 LIMIT 5) admins
$$;

-- Refuses (TS010, the session's level as DETAIL) unless the session holds `needed`: "bob has
-- triage on this tracker; deleting a label needs maintain". A role with no level at all gets
-- TS012, saying who can grant one.
CREATE FUNCTION tracker_require(needed text, doing text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    held text := tracker_session_level();
BEGIN
    IF held IS NULL THEN
        PERFORM tracker_refuse_stranger();
    END IF;
    IF (SELECT rank FROM levels WHERE level = held) < (SELECT rank FROM levels WHERE level = needed) THEN
        RAISE EXCEPTION '% has % on this tracker; % needs %', tracker_session_name(), held, doing, needed
            USING ERRCODE = 'TS010', DETAIL = held;
    END IF;
END;
$$;

CREATE FUNCTION tracker_refuse_stranger() RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'role % has no access to this tracker; ask an admin (%) to run: tracker access grant % read',
        session_user, tracker_admins(), session_user
        USING ERRCODE = 'TS012';
END;
$$;

-- The acting user of a change and, when that is not the session's own user, the user who acted
-- for them. `wanted` is the login the client names (`--as`, TRACKER_USER, or the OS login on the
-- private cluster), NULL for "me". A superuser is taken as whoever it names.
CREATE FUNCTION tracker_acting(wanted text, OUT actor_id bigint, OUT acting_user_id bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    own bigint := tracker_session_user_id();
    own_login text;
BEGIN
    IF tracker_session_is_superuser() THEN
        IF wanted IS NULL AND own IS NULL THEN
            RAISE EXCEPTION 'role % is a superuser linked to no tracker user: name one with --as LOGIN', session_user
                USING ERRCODE = 'TS012';
        END IF;
        actor_id := CASE WHEN wanted IS NULL THEN own ELSE tracker_user_id(wanted) END;
        RETURN;
    END IF;
    IF tracker_session_level() IS NULL THEN
        PERFORM tracker_refuse_stranger();
    END IF;
    IF own IS NULL THEN
        RAISE EXCEPTION 'role % is linked to no tracker user; ask an admin (%) to run: tracker users add LOGIN --role %',
            session_user, tracker_admins(), session_user
            USING ERRCODE = 'TS012';
    END IF;
    SELECT login INTO own_login FROM users WHERE id = own;
    IF wanted IS NULL OR lower(wanted) = lower(own_login) THEN
        actor_id := own;
        RETURN;
    END IF;
    IF tracker_session_level() <> 'admin' THEN
        RAISE EXCEPTION '% has % on this tracker; acting as % needs admin', own_login, tracker_session_level(), wanted
            USING ERRCODE = 'TS011', DETAIL = tracker_session_level();
    END IF;
    actor_id := tracker_user_id(wanted);
    acting_user_id := own;
END;
$$;

-- The schema guard (0005) also refuses a role that holds no level, before anything else runs.
CREATE OR REPLACE FUNCTION tracker_schema_guard(expected integer, newer_allowed boolean) RETURNS integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
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
    IF tracker_session_level() IS NULL THEN
        PERFORM tracker_refuse_stranger();
    END IF;
    RETURN applied;
END;
$$;

-- 4. Privileges: the owner writes; every tracker role reads through the read level; the roles
--    that could write the tables before this keep a level like what they had (write, or read).
DO $privileges$
DECLARE
    level_of record;
    grantee record;
BEGIN
    SELECT max(role_name) FILTER (WHERE level = 'read') AS read, max(role_name) FILTER (WHERE level = 'write') AS write
      INTO level_of FROM levels;
    FOR grantee IN
        SELECT g.grantee::text AS role, bool_or(g.privilege_type IN ('INSERT', 'UPDATE', 'DELETE')) AS wrote
          FROM information_schema.role_table_grants g
         WHERE g.table_schema = 'tracker' AND g.grantee NOT IN ('PUBLIC', current_user::text)
           AND g.grantee NOT IN (SELECT role_name FROM levels)
           AND NOT EXISTS (SELECT 1 FROM pg_tables t WHERE t.schemaname = 'tracker' AND t.tablename = g.table_name
                                                        AND t.tableowner = g.grantee)
         GROUP BY g.grantee
    LOOP
        EXECUTE pg_catalog.format('REVOKE ALL ON ALL TABLES IN SCHEMA tracker FROM %I', grantee.role);
        EXECUTE pg_catalog.format('GRANT %I TO %I', CASE WHEN grantee.wrote THEN level_of.write ELSE level_of.read END,
                                  grantee.role);
    END LOOP;
    REVOKE ALL ON ALL TABLES IN SCHEMA tracker FROM PUBLIC;
    GRANT SELECT ON schema_migrations TO PUBLIC;
    EXECUTE pg_catalog.format('GRANT SELECT ON ALL TABLES IN SCHEMA tracker TO %I', level_of.read);
    REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA tracker FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION tracker_schema_guard(integer, boolean) TO PUBLIC;
    EXECUTE pg_catalog.format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA tracker TO %I', level_of.read);
    -- What later migrations create follows the same rules without saying so.
    ALTER DEFAULT PRIVILEGES IN SCHEMA tracker REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
    EXECUTE pg_catalog.format('ALTER DEFAULT PRIVILEGES IN SCHEMA tracker GRANT EXECUTE ON FUNCTIONS TO %I',
                              level_of.read);
    EXECUTE pg_catalog.format('ALTER DEFAULT PRIVILEGES IN SCHEMA tracker GRANT SELECT ON TABLES TO %I', level_of.read);
END;
$privileges$;

-- 5. The owner's own tracker user: the login tracker_owner_login names (the private cluster's
--    person), else one made from the role's name; an unlinked user of that login is linked.
--    A superuser needs none (see above).
DO $owner$
DECLARE
    wanted text := nullif(pg_catalog.current_setting('tracker.owner_login', true), '');
    candidate text;
    suffix integer := 1;
BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) OR tracker_session_user_id() IS NOT NULL THEN
        RETURN;
    END IF;
    wanted := coalesce(wanted, left(btrim(regexp_replace(current_user::text, '[^A-Za-z0-9]+', '-', 'g'), '-'), 36));
    IF wanted !~ '^[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$' THEN
        wanted := 'owner';
    END IF;
    candidate := wanted;
    WHILE EXISTS (SELECT 1 FROM users WHERE lower(login) = lower(candidate) AND role_name IS NOT NULL) LOOP
        suffix := suffix + 1;
        candidate := wanted || '-' || suffix;
    END LOOP;
    IF EXISTS (SELECT 1 FROM users WHERE lower(login) = lower(candidate)) THEN
        UPDATE users SET role_name = current_user WHERE lower(login) = lower(candidate);
    ELSE
        INSERT INTO users (login, role_name) VALUES (candidate, current_user);
    END IF;
END;
$owner$;
