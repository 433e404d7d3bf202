-- Issue 31 item 4: levels per project. A role's level in a project is, in this order: admin when
-- it is the tracker's admin (admin stays tracker-wide: users, levels, projects); the level granted
-- to it in that project (`tracker access grant bob triage -R web`; `none` shuts it out); the
-- project's default level (`tracker project edit web --default-level read`; `none` makes a
-- private project), for anyone holding a level on the tracker; else its tracker-wide level.
-- Changes were already held to the level by tracker_require; reads now are too: every view of a
-- project's table asks `tracker_readable_project_id()`, which refuses a session with no level in
-- the project it chose, and the all_ tables are no longer readable by the levels' roles, so raw
-- SQL reads a project only through its views.

ALTER TABLE projects ADD COLUMN default_level text
    CONSTRAINT projects_default_level_known CHECK (default_level IN ('none', 'read', 'triage', 'write', 'maintain'));
-- Whether any project has a grant or a default level (set on every row; read as any row's, so
-- a project created since counts too). Until one does, a role that
-- may read the views holds a level on the tracker, so a read checks nothing more (the level
-- check reads roles and memberships, which a new session has not cached: ~1 ms on its first
-- statement).
ALTER TABLE projects ADD COLUMN levels_differ boolean NOT NULL DEFAULT false;

CREATE TABLE project_levels (
    project_id  bigint NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    role_name   text NOT NULL,
    level       text NOT NULL
                CONSTRAINT project_levels_level_known CHECK (level IN ('none', 'read', 'triage', 'write', 'maintain')),
    PRIMARY KEY (project_id, role_name)
);

-- The session's level in a project, and the project's key when the level is the project's own
-- (a grant or its default) rather than the tracker's; level NULL: no access. SQL, as every read
-- calls it (0022's tracker_project_id says why).
CREATE FUNCTION tracker_level_in(p_project bigint, OUT level text, OUT project_key text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE WHEN wide.level = 'admin' THEN 'admin'
            WHEN granted.level IS NOT NULL THEN nullif(granted.level, 'none')
            WHEN wide.level IS NOT NULL AND p.default_level IS NOT NULL THEN nullif(p.default_level, 'none')
            ELSE wide.level END,
       CASE WHEN wide.level = 'admin' THEN NULL
            WHEN granted.level IS NOT NULL THEN p.key
            WHEN wide.level IS NOT NULL AND p.default_level IS NOT NULL THEN p.key
            -- A level in other projects only: this one is what it may not reach.
            WHEN wide.level IS NULL AND EXISTS (SELECT 1 FROM project_levels x WHERE x.role_name = session_user)
            THEN p.key END
  FROM (SELECT CASE WHEN tracker_session_is_superuser() THEN 'admin'
                    ELSE (SELECT l.level FROM levels l WHERE pg_has_role(session_user, l.role_name, 'MEMBER')
                           ORDER BY l.rank DESC LIMIT 1) END AS level) wide
  LEFT JOIN projects p ON p.id = p_project
  LEFT JOIN project_levels granted ON granted.project_id = p_project AND granted.role_name = session_user
$$;

CREATE OR REPLACE FUNCTION tracker_session_level() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT (tracker_level_in(tracker_project_id())).level
$$;

-- A session with no level in the project it chose is refused, naming the admins to ask.
CREATE FUNCTION tracker_refuse_outsider(p_key text) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    IF p_key IS NULL THEN
        PERFORM tracker_refuse_stranger();
    END IF;
    RAISE EXCEPTION 'role % has no access to project %; ask an admin (%) to run: tracker access grant % read -R %',
        session_user, p_key, tracker_admins(), session_user, p_key USING ERRCODE = 'TS012';
END;
$$;

-- The session's project, once its level there is known to allow reading.
CREATE FUNCTION tracker_readable_project_id() RETURNS bigint
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE WHEN NOT (SELECT bool_or(levels_differ) FROM projects) THEN p.id
            WHEN (tracker_level_in(p.id)).level IS NULL THEN tracker_refuse_outsider((tracker_level_in(p.id)).project_key)
            ELSE p.id END
  FROM projects p WHERE p.id = tracker_project_id()
$$;

-- Keeps projects.levels_differ true on every row once any grant or default level exists.
CREATE FUNCTION tracker_note_project_levels() RETURNS void
LANGUAGE sql SET search_path = tracker, pg_catalog, pg_temp AS $$
UPDATE projects SET levels_differ = (EXISTS (SELECT 1 FROM project_levels)
                                     OR EXISTS (SELECT 1 FROM projects WHERE default_level IS NOT NULL))
$$;

-- As 0013's, with the level in the session's project, said with where it comes from; and a
-- project archived (0022) refuses every change to its issues, labels and milestones.
CREATE OR REPLACE FUNCTION tracker_require(needed text, doing text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_access record := tracker_level_in(tracker_project_id());
    v_archived text;
BEGIN
    IF v_access.level IS NULL THEN
        PERFORM tracker_refuse_outsider(v_access.project_key);
    END IF;
    IF (SELECT rank FROM levels WHERE level = v_access.level) < (SELECT rank FROM levels WHERE level = needed) THEN
        RAISE EXCEPTION '% has % on %; % needs %', tracker_session_name(), v_access.level,
            coalesce('project ' || v_access.project_key, 'this tracker'), doing, needed
            USING ERRCODE = 'TS010', DETAIL = v_access.level;
    END IF;
    -- Users, levels and projects are the tracker's, not a project's: admin's work goes on.
    IF needed IN ('triage', 'write', 'maintain') THEN
        SELECT key INTO v_archived FROM projects WHERE id = tracker_project_id() AND archived_at IS NOT NULL;
        IF v_archived IS NOT NULL THEN
            RAISE EXCEPTION 'project % is archived, so % is refused; tracker project unarchive % opens it again',
                v_archived, doing, v_archived USING ERRCODE = 'TS020', DETAIL = v_archived;
        END IF;
    END IF;
END;
$$;

-- The role every level's role and every role granted a project level is a member of: it may use
-- the schema, read the views and call the functions (each deciding by the level), never read an
-- all_ table.
CREATE FUNCTION tracker_member_role() RETURNS text
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT regexp_replace(role_name, '_read$', '_member') FROM levels WHERE level = 'read'
$$;

DO $$
DECLARE
    v_member text := tracker_member_role();
    v_read text := (SELECT role_name FROM levels WHERE level = 'read');
    v_name text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_member) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN', v_member);
    ELSIF (SELECT rolcanlogin OR rolsuper FROM pg_roles WHERE rolname = v_member) THEN
        RAISE EXCEPTION 'a role named % exists and can log in; tracker needs that name for its members', v_member;
    END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA tracker TO %I', v_member);
    EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA tracker TO %I', v_member);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA tracker GRANT EXECUTE ON FUNCTIONS TO %I', v_member);
    FOR v_name IN
        SELECT c.relname FROM pg_class c
         WHERE c.relnamespace = 'tracker'::regnamespace AND c.relkind IN ('r', 'v') AND c.relname !~ '^all_'
    LOOP
        EXECUTE format('GRANT SELECT ON %I TO %I', v_name, v_member);
    END LOOP;
    FOR v_name IN
        SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'tracker'::regnamespace AND c.relname ~ '^all_'
           AND c.relkind = 'r'
    LOOP
        EXECUTE format('REVOKE SELECT ON %I FROM %I', v_name, v_read);
        -- The view of the same name reads it only for the session's project, once it may.
        EXECUTE format('CREATE OR REPLACE VIEW %I AS SELECT %s FROM %I '
                       'WHERE project_id = (SELECT tracker_readable_project_id()) WITH CASCADED CHECK OPTION',
                       substr(v_name, 5),
                       (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
                         WHERE a.attrelid = ('tracker.' || v_name)::regclass AND a.attnum > 0 AND NOT a.attisdropped
                           AND a.attname <> 'project_id'),
                       v_name);
    END LOOP;
    EXECUTE format('GRANT %I TO %I', v_member, v_read);
END;
$$;

-- `tracker access grant LOGIN LEVEL -R KEY` (admin): exactly that level in the session's project.
CREATE FUNCTION tracker_grant_project_level(p_who text, p_level text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_role text;
BEGIN
    PERFORM tracker_require('admin', 'granting levels');
    IF p_level IS NULL OR p_level NOT IN ('none', 'read', 'triage', 'write', 'maintain') THEN
        RAISE EXCEPTION 'unknown project level %', p_level USING ERRCODE = 'TS014', DETAIL = p_level;
    END IF;
    v_role := tracker_role_of(p_who);
    INSERT INTO project_levels (project_id, role_name, level) VALUES (tracker_project_id(), v_role, p_level)
    ON CONFLICT (project_id, role_name) DO UPDATE SET level = EXCLUDED.level;
    PERFORM tracker_note_project_levels();
    EXECUTE pg_catalog.format('GRANT %I TO %I', tracker_member_role(), v_role);
END;
$$;

CREATE FUNCTION tracker_revoke_project_level(p_who text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('admin', 'revoking levels');
    DELETE FROM project_levels WHERE project_id = tracker_project_id() AND role_name = tracker_role_of(p_who);
    PERFORM tracker_note_project_levels();
END;
$$;

-- `tracker project edit KEY --default-level LEVEL` (admin); NULL: the tracker-wide level again.
CREATE FUNCTION tracker_set_project_default_level(p_key text, p_level text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('admin', 'changing a project');
    IF p_level IS NOT NULL AND p_level NOT IN ('none', 'read', 'triage', 'write', 'maintain') THEN
        RAISE EXCEPTION 'unknown project level %', p_level USING ERRCODE = 'TS014', DETAIL = p_level;
    END IF;
    UPDATE projects SET default_level = p_level WHERE key = lower(p_key);
    IF NOT FOUND THEN
        PERFORM tracker_refuse_unknown_project(p_key);
    END IF;
    PERFORM tracker_note_project_levels();
END;
$$;

-- 0022's, read as the session's level allows: a pointer says where an issue went.
CREATE OR REPLACE FUNCTION tracker_moved_to(p_number bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT p.key || '#' || m.to_number FROM moved_issues m JOIN projects p ON p.id = m.to_project_id
 WHERE m.project_id = tracker_readable_project_id() AND m.number = p_number
$$;
