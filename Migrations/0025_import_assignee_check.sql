-- An import into an empty tracker checks the assignee counts it copied against its assignees
-- (0014). Since 0022 that check reads the views, whose project filter is an InitPlan; on tables
-- just filled and never analyzed the planner takes it to keep 0.5% of the rows, and joined the
-- issues to their grouped assignees with a nested loop over the whole aggregate: 47 million rows
-- compared at 10,000 issues, 230 of the 268 seconds of an import of 100,000. Asked issue by issue
-- through the assignees' primary key, it reads each issue's assignees once, whatever the planner
-- believes. The view is the statement, so a test can read its plan (ImportPlanTests).
CREATE VIEW import_assignee_count_mismatches AS
SELECT i.number
  FROM issues i
 WHERE i.assignee_count <> (SELECT count(*) FROM issue_assignees a WHERE a.issue_number = i.number);

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
        IF EXISTS (SELECT 1 FROM import_assignee_count_mismatches) THEN
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
