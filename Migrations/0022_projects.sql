-- Issue 31: several projects in one tracker, each issue numbered within its project (web#12).
--
-- How: every table that belongs to a project is renamed all_<name>, gains `project_id` at the
-- front of every key and index, and a view of its old name shows the rows of the session's
-- project (`tracker_project_id()`: the setting `tracker.project`, else the project whose git
-- remote is `tracker.remote`, else the default). The views are simple, so PostgreSQL writes
-- through them (an INSERT takes `project_id` from the column's default, the session's project;
-- CHECK OPTION refuses a row of another). So every function and statement written before this
-- migration works, unchanged, inside one project; what spans projects (status, list
-- --all-projects, moving an issue) reads and writes the all_ tables.
--
-- Numbers: issues are numbered per project (one counter row per project). Comment, event, label,
-- change and import ids stay numbered across the tracker (one counter, identities), so an issue
-- moved to another project keeps its comments' and events' ids; milestone numbers too (a title
-- names a milestone; a number only has to be unique in its project).
--
-- An existing tracker's rows all go into a default project keyed by the database's name, with
-- their numbers: every command keeps working with no -R.

-- 1. Projects, and which one a session is in.
CREATE TABLE projects (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key          text NOT NULL CONSTRAINT projects_key_form CHECK (key ~ '^[a-z][a-z0-9_.-]{0,39}$'),
    name         text NOT NULL CONSTRAINT projects_name_length CHECK (char_length(name) BETWEEN 1 AND 200)
                       CONSTRAINT projects_name_plain CHECK (name !~ '[\x01-\x1f\x7f]'),
    remote       text CONSTRAINT projects_remote_length CHECK (char_length(remote) BETWEEN 1 AND 2000),
    remote_key   text CONSTRAINT projects_remote_key_length CHECK (char_length(remote_key) BETWEEN 1 AND 2000),
    is_default   boolean NOT NULL DEFAULT false,
    archived_at  timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT projects_remote_pair CHECK ((remote IS NULL) = (remote_key IS NULL)),
    CONSTRAINT projects_default_open CHECK (NOT (is_default AND archived_at IS NOT NULL))
);
CREATE UNIQUE INDEX projects_key ON projects (key);
CREATE UNIQUE INDEX projects_one_default ON projects (is_default) WHERE is_default;
CREATE UNIQUE INDEX projects_remote ON projects (remote_key) WHERE remote_key IS NOT NULL;

-- A database's name as a project key: lower case, anything else a key may not hold becomes '-'.
INSERT INTO projects (key, name, is_default)
SELECT CASE WHEN k ~ '^[a-z]' THEN k ELSE 'p-' || k END, current_database(), true
  FROM (SELECT left(trim(BOTH '-' FROM regexp_replace(lower(current_database()), '[^a-z0-9_.-]+', '-', 'g')), 38)
               AS k) d;
UPDATE projects SET key = 'tracker' WHERE key !~ '^[a-z][a-z0-9_.-]{0,39}$';

-- The session's project. STABLE and read once per statement (the views call it in a scalar
-- subquery, which PostgreSQL evaluates once); an unknown key is refused, never read as the
-- default, so a typo never writes into the wrong project. SQL, not PL/pgSQL: every statement of a
-- new session calls it, and a PL/pgSQL function is compiled on its first call in each session.
CREATE FUNCTION tracker_refuse_unknown_project(p_key text) RETURNS bigint
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'no project %', p_key USING ERRCODE = 'TS019', DETAIL = p_key,
        HINT = 'tracker project list shows the projects';
END;
$$;

CREATE FUNCTION tracker_project_id() RETURNS bigint
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE
           WHEN chosen.key IS NOT NULL
           THEN coalesce((SELECT p.id FROM projects p WHERE p.key = lower(chosen.key)),
                         tracker_refuse_unknown_project(chosen.key))
           ELSE coalesce((SELECT p.id FROM projects p WHERE p.remote_key = chosen.remote),
                         (SELECT p.id FROM projects p WHERE p.is_default))
       END
  FROM (SELECT nullif(current_setting('tracker.project', true), '') AS key,
               nullif(current_setting('tracker.remote', true), '') AS remote) chosen
$$;

-- 2. Every project's table: renamed, project_id in front of every key and index, and a view.
--    A GIN index takes project_id only with btree_gin (a trusted extension in PostgreSQL's
--    contrib): where the migrating role may create it, search reads only its project's entries;
--    elsewhere the search indexes stay on the words alone and the project is a filter on the rows.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
        CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA tracker;
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    NULL;
END;
$$;

DO $$
DECLARE
    scoped text[] := ARRAY['issues', 'issue_assignees', 'issue_labels', 'issue_events', 'issue_comments',
                           'issue_mentions', 'issue_revisions', 'comment_revisions', 'issue_dependencies',
                           'labels', 'milestones', 'issue_number_counter', 'changes', 'imports'];
    v_default bigint := (SELECT id FROM projects WHERE is_default);
    v_table text;
    v_columns text;
    v_item record;
    v_definition text;
BEGIN
    CREATE TEMPORARY TABLE projects_keys ON COMMIT DROP AS
    SELECT c.conrelid::regclass::text AS table_name, c.conname AS name, c.contype AS kind,
           pg_get_constraintdef(c.oid) AS definition, c.confrelid::regclass::text AS target,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord)
              FROM unnest(c.conkey) WITH ORDINALITY k (attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS own_columns
      FROM pg_constraint c
     WHERE c.contype IN ('p', 'u', 'f') AND c.connamespace = 'tracker'::regnamespace
       AND c.conrelid::regclass::text = ANY (scoped);
    CREATE TEMPORARY TABLE projects_indexes ON COMMIT DROP AS
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
     WHERE i.indrelid::regclass::text = ANY (scoped)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid);

    FOR v_item IN SELECT * FROM projects_keys WHERE kind = 'f' LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', v_item.table_name, v_item.name);
    END LOOP;
    FOR v_item IN SELECT * FROM projects_keys WHERE kind IN ('p', 'u') LOOP
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', v_item.table_name, v_item.name);
    END LOOP;
    FOR v_item IN SELECT * FROM projects_indexes LOOP
        EXECUTE format('DROP INDEX %s', v_item.name);
    END LOOP;

    FOREACH v_table IN ARRAY scoped LOOP
        -- A constant default fills every row without rewriting the table.
        EXECUTE format('ALTER TABLE %I ADD COLUMN project_id bigint NOT NULL DEFAULT %s', v_table, v_default);
        EXECUTE format('ALTER TABLE %I RENAME TO %I', v_table, 'all_' || v_table);
        EXECUTE format('ALTER TABLE %I ALTER COLUMN project_id SET DEFAULT tracker_project_id()', 'all_' || v_table);
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (project_id) REFERENCES projects (id)',
                       'all_' || v_table, v_table || '_project_fkey');
    END LOOP;

    FOR v_item IN SELECT * FROM projects_keys WHERE kind IN ('p', 'u') LOOP
        v_definition := regexp_replace(v_item.definition, '^(PRIMARY KEY|UNIQUE) \(', '\1 (project_id, ');
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', 'all_' || v_item.table_name, v_item.name, v_definition);
    END LOOP;
    FOR v_item IN SELECT * FROM projects_indexes LOOP
        IF v_item.definition ~ ' USING gin ' AND NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
            EXECUTE regexp_replace(v_item.definition, ' ON tracker\.(\w+) ', ' ON tracker.all_\1 ');
        ELSE
            EXECUTE regexp_replace(v_item.definition, ' ON tracker\.(\w+) USING (btree|gin) \(',
                                   ' ON tracker.all_\1 USING \2 (project_id, ');
        END IF;
    END LOOP;
    FOR v_item IN SELECT * FROM projects_keys WHERE kind = 'f' LOOP
        IF v_item.target = ANY (scoped) THEN
            -- Within one project: (project_id, columns) to the target's (project_id, key); SET NULL
            -- empties the own columns only, never the project.
            v_definition := regexp_replace(v_item.definition,
                '^FOREIGN KEY \((.*?)\) REFERENCES (tracker\.)?(\w+)\((.*?)\)',
                'FOREIGN KEY (project_id, \1) REFERENCES tracker.all_\3(project_id, \4)');
            v_definition := replace(v_definition, 'ON DELETE SET NULL', 'ON DELETE SET NULL (' || v_item.own_columns || ')');
        ELSE
            v_definition := v_item.definition;
        END IF;
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', 'all_' || v_item.table_name, v_item.name, v_definition);
    END LOOP;

    FOREACH v_table IN ARRAY scoped LOOP
        SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO v_columns
          FROM pg_attribute a
         WHERE a.attrelid = ('tracker.all_' || v_table)::regclass AND a.attnum > 0 AND NOT a.attisdropped
           AND a.attname <> 'project_id';
        EXECUTE format('CREATE VIEW %I AS SELECT %s FROM %I WHERE project_id = (SELECT tracker_project_id()) '
                       'WITH CASCADED CHECK OPTION', v_table, v_columns, 'all_' || v_table);
    END LOOP;
END;
$$;

-- The feed of `watch --all-projects` reads every project's events in commit order.
CREATE INDEX issue_events_feed_all ON all_issue_events (coalesce(xact, '0'::xid8), id);

-- 3. Writes that named a table's own structure: the import's set-aside (0016) and the change
--    row (0015) name the all_ tables now.
CREATE OR REPLACE FUNCTION issue_events_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO all_changes (project_id, xact, actor_id, acting_user_id, import_id)
    SELECT e.project_id, pg_current_xact_id(), coalesce(i.user_id, e.actor_id),
           CASE WHEN e.import_id IS NULL THEN e.acting_user_id END, e.import_id
      FROM (SELECT project_id, actor_id, acting_user_id, import_id FROM new_events LIMIT 1) e
      LEFT JOIN all_imports i ON i.project_id = e.project_id AND i.id = e.import_id
    ON CONFLICT (project_id, xact) DO NOTHING;
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION tracker_import_finish(p_import bigint, p_kept_comment_ids boolean) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_tables regclass[] := ARRAY['all_issues', 'all_issue_assignees', 'all_issue_labels', 'all_issue_events',
                                 'all_issue_comments', 'all_issue_mentions']::regclass[];
    -- Only an empty tracker's structures are set aside (no project has an issue): rebuilding
    -- them costs a pass over rows that were there before, and dropping an index other projects
    -- read would lock them out for the import's length.
    v_set_aside boolean := NOT EXISTS (SELECT 1 FROM all_issues);
    v_since timestamptz;
    v_item record;
    v_indexes integer;
    v_keys integer;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    IF NOT EXISTS (SELECT 1 FROM imports WHERE id = p_import AND role_name = session_user) THEN
        RAISE EXCEPTION 'import % was not begun in this session', p_import USING ERRCODE = 'TS010';
    END IF;
    IF v_set_aside THEN
        v_since := clock_timestamp();
        CREATE TEMPORARY TABLE import_set_aside ON COMMIT DROP AS
        SELECT 'index' AS kind, NULL::text AS table_name, i.indexrelid::regclass::text AS name,
               pg_get_indexdef(i.indexrelid) AS definition
          FROM pg_index i
         WHERE i.indrelid = ANY (v_tables) AND NOT i.indisunique
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
        UNION ALL
        SELECT 'key', c.conrelid::regclass::text, quote_ident(c.conname), pg_get_constraintdef(c.oid)
          FROM pg_constraint c
         WHERE c.contype = 'f' AND (c.conrelid = ANY (v_tables) OR c.confrelid = ANY (v_tables));
        FOR v_item IN SELECT * FROM import_set_aside WHERE kind = 'key' LOOP
            EXECUTE pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT %s', v_item.table_name, v_item.name);
        END LOOP;
        FOR v_item IN SELECT * FROM import_set_aside WHERE kind = 'index' LOOP
            EXECUTE pg_catalog.format('DROP INDEX %s', v_item.name);
        END LOOP;
        ALTER TABLE all_issue_assignees DISABLE TRIGGER issue_assignees_added;
        SELECT count(*) FILTER (WHERE kind = 'index'), count(*) FILTER (WHERE kind = 'key')
          INTO v_indexes, v_keys FROM import_set_aside;
        PERFORM tracker_import_phase(
            pg_catalog.format('set aside %s indexes, %s foreign keys and the assignee-count trigger', v_indexes, v_keys),
            v_since);
    END IF;

    v_since := clock_timestamp();
    IF v_set_aside THEN
        INSERT INTO issues (number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
                            milestone_number, assignee_count, source_key)
        SELECT number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
               milestone_number, assignee_count, source_key
          FROM pg_temp.import_issues;
    ELSE
        INSERT INTO issues (number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
                            milestone_number, source_key)
        SELECT number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at, milestone_number,
               source_key
          FROM pg_temp.import_issues;
    END IF;
    PERFORM tracker_import_phase('moved the issues in', v_since);
    v_since := clock_timestamp();
    INSERT INTO issue_assignees (issue_number, user_id, assigned_at)
    SELECT issue_number, user_id, assigned_at FROM pg_temp.import_assignees;
    INSERT INTO issue_labels (label_id, issue_number) SELECT label_id, issue_number FROM pg_temp.import_labels;
    INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, state_reason, label_name, milestone_title,
                              created_at, import_id)
    SELECT issue_number, kind, actor_id, subject_user_id, state_reason, label_name, milestone_title, created_at,
           p_import
      FROM pg_temp.import_events;
    INSERT INTO issue_comments (id, issue_number, author_id, body, created_at, updated_at)
    SELECT id, issue_number, author_id, body, created_at, updated_at FROM pg_temp.import_comments;
    INSERT INTO issue_events (issue_number, kind, actor_id, comment_id, created_at, import_id)
    SELECT issue_number, kind, actor_id, comment_id, created_at, p_import FROM pg_temp.import_comment_events;
    INSERT INTO issue_mentions (issue_number, user_id, comment_id)
    SELECT m.issue_number, u.id, m.comment_id
      FROM pg_temp.import_mentions m JOIN users u ON lower(u.login) = m.login
    ON CONFLICT DO NOTHING;
    PERFORM tracker_import_phase('moved assignees, labels, events, comments and mentions in', v_since);

    IF v_set_aside THEN
        PERFORM pg_catalog.set_config('maintenance_work_mem', '256MB', true)
         WHERE pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes('256MB');
        FOR v_item IN SELECT * FROM import_set_aside WHERE kind = 'index' LOOP
            v_since := clock_timestamp();
            EXECUTE v_item.definition;
            PERFORM tracker_import_phase('built index ' || v_item.name, v_since);
        END LOOP;
        FOR v_item IN SELECT * FROM import_set_aside WHERE kind = 'key' LOOP
            v_since := clock_timestamp();
            EXECUTE pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %s %s', v_item.table_name, v_item.name,
                                      v_item.definition);
            PERFORM tracker_import_phase('checked foreign key ' || v_item.name, v_since);
        END LOOP;
        v_since := clock_timestamp();
        ALTER TABLE all_issue_assignees ENABLE TRIGGER issue_assignees_added;
        IF EXISTS (SELECT 1 FROM issues i
                     LEFT JOIN (SELECT issue_number, count(*) AS n FROM issue_assignees GROUP BY 1) a
                       ON a.issue_number = i.number
                    WHERE i.assignee_count <> coalesce(a.n, 0)) THEN
            RAISE EXCEPTION 'an imported assignee count does not match its assignees';
        END IF;
        PERFORM tracker_import_phase('checked assignee counts', v_since);
    END IF;
    IF p_kept_comment_ids THEN
        UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(id) FROM all_issue_comments))
         WHERE name = 'comment';
    END IF;
    UPDATE issue_number_counter
       SET last_number = greatest(last_number, (SELECT coalesce(max(number), 0) FROM pg_temp.import_issues));
END;
$$;

-- 4. A project is changed by an admin, as users and levels are: it is the tracker's shape.
--    Archived: read as before, its issues, labels and milestones changed by nothing until it is
--    unarchived (GitHub's archived repository): 0023's tracker_require refuses the change.
-- A remote only offered (the clone's origin, not typed) is left out when another project has it.
-- Returns the remote recorded.
CREATE FUNCTION tracker_create_project(
    p_key text, p_name text, p_remote text, p_remote_key text, p_offered boolean DEFAULT false
) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_id bigint;
BEGIN
    PERFORM tracker_require('admin', 'creating a project');
    IF EXISTS (SELECT 1 FROM projects WHERE key = lower(p_key)) THEN
        RAISE EXCEPTION 'project % already exists', lower(p_key) USING ERRCODE = 'TS021', DETAIL = lower(p_key);
    END IF;
    IF p_offered AND EXISTS (SELECT 1 FROM projects WHERE remote_key = p_remote_key) THEN
        p_remote := NULL;
        p_remote_key := NULL;
    END IF;
    PERFORM tracker_refuse_taken_remote(p_remote_key, NULL);
    INSERT INTO projects (key, name, remote, remote_key) VALUES (lower(p_key), p_name, p_remote, p_remote_key)
    RETURNING id INTO v_id;
    INSERT INTO all_issue_number_counter (project_id) VALUES (v_id);
    RETURN p_remote;
END;
$$;

CREATE FUNCTION tracker_refuse_taken_remote(p_remote_key text, p_except bigint) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_key text;
BEGIN
    SELECT key INTO v_key FROM projects WHERE remote_key = p_remote_key AND id IS DISTINCT FROM p_except;
    IF v_key IS NOT NULL THEN
        RAISE EXCEPTION 'project % already has that remote', v_key USING ERRCODE = 'TS021', DETAIL = v_key;
    END IF;
END;
$$;

-- NULL leaves a field as it is; p_clear_remote forgets the remote; p_archive true archives, false
-- unarchives. A key renamed keeps every number (issues hang on the id).
CREATE FUNCTION tracker_edit_project(
    p_key text, p_new_key text, p_name text, p_remote text, p_remote_key text, p_clear_remote boolean,
    p_archive boolean, p_make_default boolean
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_project projects;
BEGIN
    PERFORM tracker_require('admin', 'changing a project');
    SELECT * INTO v_project FROM projects WHERE key = lower(p_key) FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM tracker_refuse_unknown_project(p_key);
    END IF;
    IF p_new_key IS NOT NULL AND lower(p_new_key) <> v_project.key
       AND EXISTS (SELECT 1 FROM projects WHERE key = lower(p_new_key)) THEN
        RAISE EXCEPTION 'project % already exists', lower(p_new_key) USING ERRCODE = 'TS021', DETAIL = lower(p_new_key);
    END IF;
    IF p_remote_key IS NOT NULL THEN
        PERFORM tracker_refuse_taken_remote(p_remote_key, v_project.id);
    END IF;
    IF p_archive AND (v_project.is_default OR p_make_default) THEN
        RAISE EXCEPTION 'project % is the default, and the default stays open; make another the default first',
            v_project.key USING ERRCODE = 'TS021', DETAIL = v_project.key;
    END IF;
    IF p_make_default THEN
        UPDATE projects SET is_default = false WHERE is_default AND id <> v_project.id;
    END IF;
    UPDATE projects
       SET key = coalesce(lower(p_new_key), key),
           name = coalesce(p_name, name),
           remote = CASE WHEN p_clear_remote THEN NULL ELSE coalesce(p_remote, remote) END,
           remote_key = CASE WHEN p_clear_remote THEN NULL ELSE coalesce(p_remote_key, remote_key) END,
           archived_at = CASE WHEN p_archive THEN coalesce(archived_at, now())
                              WHEN NOT p_archive THEN NULL ELSE archived_at END,
           is_default = is_default OR coalesce(p_make_default, false)
     WHERE id = v_project.id;
END;
$$;

-- 5. Moving an issue to another project (gh's `issue transfer`), as one statement: it gets the
--    next number there and keeps its timeline, comments, assignees and versions (they follow the
--    key by ON UPDATE CASCADE); its labels and milestone go where the target has one of the same
--    name; the old number points to the new one (`moved_issues`), and is never given again (the
--    counter only rises). Sub-issues and dependencies link issues of one project, so an issue in
--    a tree or a chain is refused until it is taken out. Needs write in both projects (each
--    checked under its own project: levels may differ per project, 0023).
CREATE TABLE moved_issues (
    project_id     bigint NOT NULL REFERENCES projects (id),
    number         bigint NOT NULL,
    to_project_id  bigint NOT NULL REFERENCES projects (id),
    to_number      bigint NOT NULL,
    moved_at       timestamptz NOT NULL DEFAULT now(),
    moved_by       bigint NOT NULL REFERENCES users (id),
    PRIMARY KEY (project_id, number)
);

CREATE FUNCTION tracker_move_issue(p_acting text, p_number bigint, p_to text, OUT moved_key text, OUT moved_number bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_from projects;
    v_to projects;
    v_issue all_issues;
    v_labels text[];
    v_milestone text;
BEGIN
    PERFORM tracker_require('write', 'moving an issue');
    SELECT * INTO v_from FROM projects WHERE id = tracker_project_id();
    SELECT * INTO v_to FROM projects WHERE key = lower(p_to);
    IF NOT FOUND THEN
        PERFORM tracker_refuse_unknown_project(p_to);
    END IF;
    IF v_to.id = v_from.id THEN
        RAISE EXCEPTION '#% is already in project %; nothing was changed', p_number, v_to.key
            USING ERRCODE = 'TS021', DETAIL = v_to.key;
    END IF;
    PERFORM pg_catalog.set_config('tracker.project', v_to.key, true);
    PERFORM tracker_require('write', 'moving an issue into project ' || v_to.key);
    PERFORM pg_catalog.set_config('tracker.project', v_from.key, true);
    IF v_to.archived_at IS NOT NULL THEN
        RAISE EXCEPTION 'project % is archived, so moving an issue into it is refused; tracker project unarchive % opens it again',
            v_to.key, v_to.key USING ERRCODE = 'TS020', DETAIL = v_to.key;
    END IF;
    PERFORM pg_advisory_xact_lock(tracker_structure_lock_key());
    PERFORM tracker_lock_issues(ARRAY[p_number]);
    SELECT * INTO v_issue FROM all_issues WHERE project_id = v_from.id AND number = p_number;
    IF v_issue.parent_number IS NOT NULL OR v_issue.subtree_total > 0
       OR EXISTS (SELECT 1 FROM issue_dependencies WHERE p_number IN (blocked_number, blocking_number)) THEN
        RAISE EXCEPTION '#% has a parent, sub-issues or dependencies, which link issues of one project; take them off first (tracker edit % --no-parent, --remove-blocked-by); nothing was changed',
            p_number, p_number USING ERRCODE = 'TS021', DETAIL = p_number::text;
    END IF;
    v_labels := ARRAY(SELECT l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id
                       WHERE il.issue_number = p_number);
    v_milestone := (SELECT m.title FROM milestones m WHERE m.number = v_issue.milestone_number);
    DELETE FROM issue_labels WHERE issue_number = p_number;
    UPDATE issues SET milestone_number = NULL WHERE number = p_number AND milestone_number IS NOT NULL;
    -- Imports are a project's: the moved events are no longer any import's to take back.
    UPDATE issue_events SET import_id = NULL WHERE issue_number = p_number AND import_id IS NOT NULL;

    UPDATE all_issue_number_counter SET last_number = last_number + 1 WHERE project_id = v_to.id
    RETURNING last_number INTO moved_number;
    UPDATE all_issues SET project_id = v_to.id, number = moved_number
     WHERE project_id = v_from.id AND number = p_number;
    INSERT INTO all_issue_labels (project_id, label_id, issue_number)
    SELECT v_to.id, l.id, moved_number FROM all_labels l
     WHERE l.project_id = v_to.id AND lower(l.name) = ANY (ARRAY(SELECT lower(x) FROM unnest(v_labels) x));
    UPDATE all_issues SET milestone_number = m.number
      FROM all_milestones m
     WHERE all_issues.project_id = v_to.id AND all_issues.number = moved_number
       AND m.project_id = v_to.id AND lower(m.title) = lower(v_milestone);
    -- A pointer to the old place follows the issue on, so every old number leads to it.
    UPDATE moved_issues m SET to_project_id = v_to.id, to_number = moved_number
     WHERE m.to_project_id = v_from.id AND m.to_number = p_number;
    INSERT INTO moved_issues (project_id, number, to_project_id, to_number, moved_by)
    VALUES (v_from.id, p_number, v_to.id, moved_number, v_who.actor_id);
    moved_key := v_to.key;
END;
$$;

-- Where a number that is no longer in the session's project went.
CREATE FUNCTION tracker_moved_to(p_number bigint) RETURNS text
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT p.key || '#' || m.to_number FROM moved_issues m JOIN projects p ON p.id = m.to_project_id
 WHERE m.project_id = tracker_project_id() AND m.number = p_number
$$;

-- As 0019's, but a number that was moved away says where it went (TS022) instead of "does not exist".
CREATE OR REPLACE FUNCTION tracker_lock_any_issues(wanted bigint[]) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    missing bigint;
    v_rows bigint[];
    v_moved text;
BEGIN
    PERFORM pg_advisory_xact_lock_shared(tracker_structure_lock_key());
    -- One array first, then one probe per number: ORs of subqueries would scan every issue.
    v_rows := wanted
        || ARRAY(SELECT a.number FROM tracker_ancestors(wanted) a)
        || ARRAY(SELECT d.blocked_number FROM issue_dependencies d WHERE d.blocking_number = ANY (wanted));
    PERFORM 1 FROM issues WHERE number = ANY (v_rows) ORDER BY number FOR UPDATE;
    SELECT w INTO missing FROM unnest(wanted) AS w
     WHERE NOT EXISTS (SELECT 1 FROM issues WHERE number = w) ORDER BY w LIMIT 1;
    IF missing IS NOT NULL THEN
        v_moved := tracker_moved_to(missing);
        IF v_moved IS NOT NULL THEN
            RAISE EXCEPTION 'issue #% was moved to %; nothing was changed', missing, v_moved
                USING ERRCODE = 'TS022', DETAIL = v_moved;
        END IF;
        RAISE EXCEPTION 'issue #% does not exist', missing USING ERRCODE = 'TS007', DETAIL = missing::text;
    END IF;
END;
$$;

-- 0015's, returning the view's row: a return type names a relation by its identity, so
-- after the rename it named all_issue_comments (with project_id) while the body reads the view.
DROP FUNCTION tracker_comment_for_change(bigint, bigint, text);
CREATE FUNCTION tracker_comment_for_change(p_id bigint, p_actor bigint, p_doing text) RETURNS issue_comments
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_comment issue_comments;
    v_author text;
BEGIN
    SELECT * INTO v_comment FROM issue_comments WHERE id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'comment % does not exist', p_id USING ERRCODE = 'TS009', DETAIL = p_id::text;
    END IF;
    IF v_comment.deleted_at IS NOT NULL AND p_doing <> 'restoring' THEN
        RAISE EXCEPTION 'comment % is in the trash (`tracker comment restore %` brings it back); nothing was changed',
            p_id, p_id USING ERRCODE = 'TS016';
    END IF;
    PERFORM tracker_lock_issues(ARRAY[v_comment.issue_number]);
    IF v_comment.author_id = p_actor THEN
        PERFORM tracker_require('write', p_doing || ' a comment');
    ELSE
        SELECT login INTO v_author FROM users WHERE id = v_comment.author_id;
        PERFORM tracker_require('maintain', pg_catalog.format('%s %s''s comment', p_doing, v_author));
    END IF;
    RETURN v_comment;
END;
$$;
