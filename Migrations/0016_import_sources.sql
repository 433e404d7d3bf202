-- Imports can't duplicate (issue 29, item 5). Every imported issue remembers where it came from
-- (`issues.source_key`): gh's `url`, else gh's `id`, else a fingerprint of the record
-- (tracker_fingerprint: sha256 over its number, title, body, author and creation time). An import
-- skips the records whose source is already here, before numbers are given, and `tracker import
-- --undo` takes the last import back whole while nothing has changed on its issues since.

-- 1. Where each issue came from. Unique: two issues never claim one source.
ALTER TABLE issues ADD COLUMN source_key text
    CONSTRAINT issues_source_key_length CHECK (char_length(source_key) BETWEEN 1 AND 2048);

-- The fingerprint of a record that names no source. Each field is written as its length in bytes,
-- a colon and its bytes, so no two records run together into the same text; the author ignoring
-- case (as logins are matched); the time as whole microseconds since 1970 (any offset the file
-- wrote is gone). The client sends records without a source here, so both sides use one rule.
CREATE FUNCTION tracker_fingerprint(p_number bigint, p_title text, p_body text, p_author text, p_created timestamptz)
RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT 'sha256:' || encode(sha256(convert_to(
           concat(octet_length(coalesce(p_number::text, '')), ':', coalesce(p_number::text, ''),
                  octet_length(p_title), ':', p_title,
                  octet_length(p_body), ':', p_body,
                  octet_length(lower(p_author)), ':', lower(p_author),
                  octet_length(t.micros), ':', t.micros), 'UTF8')), 'hex')
  FROM (SELECT (extract(epoch FROM p_created) * 1000000)::bigint::text AS micros) t
$$;

-- Existing issues get the fingerprint of what they are now, imported or not: importing again the
-- file (or an export from before this migration, which has no `url`) they came from is then
-- recognised for every issue nobody edited since. The number is part of it, so no two collide.
UPDATE issues i SET source_key = tracker_fingerprint(i.number, i.title, i.body, u.login, i.created_at)
  FROM users u WHERE u.id = i.author_id;
CREATE UNIQUE INDEX issues_source_key ON issues (source_key) WHERE source_key IS NOT NULL;

-- This tracker's own address for its issues, so an export names every issue (`url`, gh's field)
-- and importing that export again, here or anywhere, is recognised: an issue with no source of a
-- file's (created here, or imported by fingerprint) is `tracker://<this tracker's uuid>/issues/N`.
CREATE TABLE tracker_instance (
    one         boolean PRIMARY KEY DEFAULT true CONSTRAINT tracker_instance_one CHECK (one),
    url_prefix  text NOT NULL
);
INSERT INTO tracker_instance (url_prefix) VALUES ('tracker://' || gen_random_uuid() || '/issues/');

-- 2. Undoing an import: when and by whom (the issues it created are gone then).
ALTER TABLE imports
    ADD COLUMN undone_at timestamptz,
    ADD COLUMN undone_by bigint REFERENCES users (id),
    ADD CONSTRAINT imports_undone_by_someone CHECK ((undone_at IS NULL) = (undone_by IS NULL));

-- 3. The import's staging table carries each record's source.
CREATE OR REPLACE FUNCTION tracker_import_begin(
    p_acting text, OUT import_id bigint, OUT last_number bigint, OUT empty boolean
)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record;
    v_table text;
BEGIN
    -- A superuser is whoever it names; an import registers everyone it names, its importer too.
    IF tracker_session_is_superuser() AND p_acting IS NOT NULL THEN
        INSERT INTO users (login) VALUES (p_acting) ON CONFLICT DO NOTHING;
    END IF;
    v_who := tracker_acting(p_acting);
    PERFORM tracker_require('maintain', 'importing');
    SELECT c.last_number INTO last_number FROM issue_number_counter c FOR UPDATE;
    empty := NOT EXISTS (SELECT 1 FROM issues);
    UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'import' RETURNING last_value INTO import_id;
    INSERT INTO imports (id, user_id) VALUES (import_id, coalesce(v_who.acting_user_id, v_who.actor_id));
    CREATE TEMPORARY TABLE import_issues (
        number bigint, title text, body text, state text, state_reason text, author_id bigint,
        created_at timestamptz, updated_at timestamptz, closed_at timestamptz, milestone_number bigint,
        assignee_count integer, source_key text
    ) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_assignees (issue_number bigint, user_id bigint, assigned_at timestamptz) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_labels (label_id bigint, issue_number bigint) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_events (
        issue_number bigint, kind text, actor_id bigint, subject_user_id bigint, state_reason text, label_name text,
        milestone_title text, created_at timestamptz
    ) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_comments (
        id bigint, issue_number bigint, author_id bigint, body text, created_at timestamptz, updated_at timestamptz
    ) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_comment_events (
        issue_number bigint, kind text, actor_id bigint, comment_id bigint, created_at timestamptz
    ) ON COMMIT DROP;
    CREATE TEMPORARY TABLE import_mentions (issue_number bigint, comment_id bigint, login text) ON COMMIT DROP;
    FOREACH v_table IN ARRAY ARRAY['import_issues', 'import_assignees', 'import_labels', 'import_events',
                                   'import_comments', 'import_comment_events', 'import_mentions'] LOOP
        EXECUTE pg_catalog.format('GRANT INSERT ON pg_temp.%I TO %I', v_table, session_user);
    END LOOP;
END;
$$;

-- Each record's source, in the order given, and whether an issue here already came from it: a
-- record with a source of its own (p_keys) is looked up by it, any other by its fingerprint
-- (p_numbers … p_created, NULL where a key is given). This tracker's own address of an issue that
-- exists counts as known too, so its export comes back as itself. Without JIT: the planner's
-- estimate for 10,000 lookups passes jit_above_cost, and compiling took 190 ms of a 25 ms query.
CREATE FUNCTION tracker_import_sources(
    p_import bigint, p_keys text[], p_numbers bigint[], p_titles text[], p_bodies text[], p_authors text[],
    p_created timestamptz[]
) RETURNS TABLE (key text, known boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp SET jit = off AS $$
DECLARE
    v_prefix text := (SELECT t.url_prefix FROM tracker_instance t);
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    IF NOT EXISTS (SELECT 1 FROM imports WHERE id = p_import AND role_name = session_user) THEN
        RAISE EXCEPTION 'import % was not begun in this session', p_import USING ERRCODE = 'TS010';
    END IF;
    RETURN QUERY
    SELECT s.key,
           EXISTS (SELECT 1 FROM issues i WHERE i.source_key = s.key)
           OR (starts_with(s.key, v_prefix) AND substr(s.key, char_length(v_prefix) + 1) ~ '^[1-9][0-9]{0,15}$'
               AND EXISTS (SELECT 1 FROM issues i
                            WHERE i.number = substr(s.key, char_length(v_prefix) + 1)::numeric))
      FROM (SELECT coalesce(r.key, tracker_fingerprint(r.number, r.title, r.body, r.author, r.created)) AS key, r.ord
              FROM unnest(p_keys, p_numbers, p_titles, p_bodies, p_authors, p_created)
                   WITH ORDINALITY AS r (key, number, title, body, author, created, ord)) s
     ORDER BY s.ord;
END;
$$;

CREATE OR REPLACE FUNCTION tracker_import_finish(p_import bigint, p_kept_comment_ids boolean) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_tables regclass[] := ARRAY['issues', 'issue_assignees', 'issue_labels', 'issue_events', 'issue_comments',
                                 'issue_mentions']::regclass[];
    -- Only an empty tracker's structures are set aside: rebuilding them costs a pass over rows
    -- that were there before, which a tracker with issues would pay for nothing.
    v_set_aside boolean := NOT EXISTS (SELECT 1 FROM issues);
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
        ALTER TABLE issue_assignees DISABLE TRIGGER issue_assignees_added;
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
        ALTER TABLE issue_assignees ENABLE TRIGGER issue_assignees_added;
        IF EXISTS (SELECT 1 FROM issues i
                     LEFT JOIN (SELECT issue_number, count(*) AS n FROM issue_assignees GROUP BY 1) a
                       ON a.issue_number = i.number
                    WHERE i.assignee_count <> coalesce(a.n, 0)) THEN
            RAISE EXCEPTION 'an imported assignee count does not match its assignees';
        END IF;
        PERFORM tracker_import_phase('checked assignee counts', v_since);
    END IF;
    IF p_kept_comment_ids THEN
        UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(id) FROM issue_comments))
         WHERE name = 'comment';
    END IF;
    UPDATE issue_number_counter
       SET last_number = greatest(last_number, (SELECT coalesce(max(number), 0) FROM pg_temp.import_issues));
END;
$$;

-- 4. `tracker import --undo` (maintain): the latest import not undone that created issues is
--    taken back as one change, its issues removed for good with their timelines, comments and
--    versions (the file still has them, and only an import that nobody touched since may go:
--    nothing anyone typed here is lost). Removed rather than put in the trash so the same file,
--    corrected, can be imported again: its sources are free again, and a tracker left empty keeps
--    the file's numbers. Refused (TS017) when any of its issues changed since; TS016 when there is
--    no import to undo. People, labels and milestones it registered stay.
CREATE FUNCTION tracker_import_undo(
    p_acting text, OUT import_id bigint, OUT importer text, OUT imported_at timestamptz, OUT removed bigint
)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_numbers bigint[];
    v record;
BEGIN
    PERFORM tracker_require('maintain', 'undoing an import');
    SELECT m.id, u.login, m.imported_at INTO import_id, importer, imported_at
      FROM imports m JOIN users u ON u.id = m.user_id
     WHERE m.undone_at IS NULL
       AND EXISTS (SELECT 1 FROM issue_events e WHERE e.import_id = m.id AND e.kind = 'created')
     ORDER BY m.id DESC LIMIT 1
       FOR UPDATE OF m;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no import to undo' USING ERRCODE = 'TS016';
    END IF;
    v_numbers := ARRAY(SELECT e.issue_number FROM issue_events e
                        WHERE e.import_id = tracker_import_undo.import_id AND e.kind = 'created' ORDER BY 1);
    PERFORM tracker_lock_any_issues(v_numbers);
    SELECT e.issue_number, u.login, e.kind, e.created_at INTO v
      FROM issue_events e JOIN users u ON u.id = e.actor_id
     WHERE e.issue_number = ANY (v_numbers) AND e.import_id IS DISTINCT FROM tracker_import_undo.import_id
     ORDER BY e.id LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'cannot undo the import of % UTC by %: #% has changed since (% % at % UTC); nothing was changed',
            pg_catalog.to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'), importer, v.issue_number,
            v.login, tracker_event_wording(v.kind), pg_catalog.to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI')
            USING ERRCODE = 'TS017';
    END IF;
    DELETE FROM issues i WHERE i.number = ANY (v_numbers);
    GET DIAGNOSTICS removed = ROW_COUNT;
    UPDATE imports SET undone_at = clock_timestamp(), undone_by = v_who.actor_id WHERE id = tracker_import_undo.import_id;
END;
$$;
