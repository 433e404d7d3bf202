-- Issue 30's planning fields, items 3 and 4.
--
-- 1. Closing as a duplicate (GitHub's DUPLICATE). An issue closed so names the original
--    (`issues.duplicate_of`) and its `closed` event does too, so the original's timeline shows
--    it by reading that event (index `issue_events_duplicate_of`): no event is written on the
--    original, so a change to the original never blocks undoing the close, and undo reverses the
--    one event. No foreign key: the number is history, as an event's label name is, and purging
--    the original from the trash leaves the duplicate's reason as it was. Reopening clears it.
ALTER TABLE issues
    DROP CONSTRAINT issues_state_reason_known,
    ADD CONSTRAINT issues_state_reason_known
        CHECK (state_reason IN ('completed', 'not_planned', 'reopened', 'duplicate')),
    ADD COLUMN duplicate_of bigint,
    ADD CONSTRAINT issues_duplicate_named
        CHECK ((state_reason IS NOT DISTINCT FROM 'duplicate') = (duplicate_of IS NOT NULL)),
    ADD CONSTRAINT issues_duplicate_of_other CHECK (duplicate_of <> number);

ALTER TABLE issue_events
    DROP CONSTRAINT issue_events_state_reason_known,
    ADD CONSTRAINT issue_events_state_reason_known
        CHECK (state_reason IN ('completed', 'not_planned', 'duplicate')),
    ADD COLUMN duplicate_of bigint,
    ADD CONSTRAINT issue_events_duplicate_named
        CHECK ((state_reason IS NOT DISTINCT FROM 'duplicate') = (duplicate_of IS NOT NULL));
CREATE INDEX issue_events_duplicate_of ON issue_events (duplicate_of) WHERE duplicate_of IS NOT NULL;

-- `tracker close N --duplicate-of M` (triage, as any close): the number when it changed (an issue
-- already closed is no change). Both issues are locked, so the original cannot go to the trash
-- meanwhile; a missing one is TS007, one in the trash TS016.
CREATE FUNCTION tracker_close_as_duplicate(p_acting text, p_number bigint, p_original bigint)
RETURNS SETOF bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
BEGIN
    PERFORM tracker_require('triage', 'closing issues');
    PERFORM tracker_lock_issues(ARRAY[p_number, p_original]);
    RETURN QUERY
    WITH moment AS (SELECT clock_timestamp() AS at),
    changed AS (
        UPDATE issues SET state = 'closed', state_reason = 'duplicate', duplicate_of = p_original,
                          closed_at = moment.at, updated_at = moment.at
          FROM moment
         WHERE number = p_number AND state = 'open'
        RETURNING number
    ),
    recorded AS (
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, state_reason, duplicate_of, created_at)
        SELECT number, 'closed', v_who.actor_id, v_who.acting_user_id, 'duplicate', p_original, clock_timestamp()
          FROM changed
        RETURNING issue_number
    )
    SELECT issue_number FROM recorded;
END;
$$;

-- As 0014's, but a reopened issue is no longer anyone's duplicate, and a close reason of
-- `duplicate` is refused here (it needs tracker_close_as_duplicate's original) by
-- issues_duplicate_named.
CREATE OR REPLACE FUNCTION tracker_set_state(p_acting text, p_numbers bigint[], p_state text, p_reason text)
RETURNS SETOF bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
BEGIN
    PERFORM tracker_require('triage', CASE WHEN p_state = 'closed' THEN 'closing issues' ELSE 'reopening issues' END);
    PERFORM tracker_lock_issues(p_numbers);
    IF p_state = 'closed' THEN
        RETURN QUERY
        WITH moment AS (SELECT clock_timestamp() AS at),
        changed AS (
            UPDATE issues SET state = 'closed', state_reason = p_reason, closed_at = moment.at, updated_at = moment.at
              FROM moment
             WHERE number = ANY (p_numbers) AND state = 'open'
            RETURNING number
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, state_reason, created_at)
            SELECT number, 'closed', v_who.actor_id, v_who.acting_user_id, p_reason, clock_timestamp()
              FROM changed ORDER BY number
            RETURNING issue_number
        )
        SELECT issue_number FROM recorded;
    ELSE
        RETURN QUERY
        WITH changed AS (
            UPDATE issues SET state = 'open', state_reason = 'reopened', duplicate_of = NULL, closed_at = NULL,
                              updated_at = clock_timestamp()
             WHERE number = ANY (p_numbers) AND state = 'closed'
            RETURNING number
        ),
        recorded AS (
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, created_at)
            SELECT number, 'reopened', v_who.actor_id, v_who.acting_user_id, clock_timestamp() FROM changed ORDER BY number
            RETURNING issue_number
        )
        SELECT issue_number FROM recorded;
    END IF;
END;
$$;

-- 2. Priority (P0-P3, 0-3 here) and a due day on issues: triage, as labels are, except on an
--    issue the actor is creating in the same transaction (part of creating it: write). Each change
--    is a `prioritized` or `due_changed` event holding the value before and after, which undo puts
--    back. The list sorts most urgent first, those without last (`ORDER BY priority ASC NULLS LAST,
--    number DESC`, the indexes' own order; with and without the state in front, as the state
--    filter is there or not); `--overdue` is a range of issues_state_due.
ALTER TABLE issues
    ADD COLUMN priority smallint CONSTRAINT issues_priority_known CHECK (priority BETWEEN 0 AND 3),
    ADD COLUMN due_on date CONSTRAINT issues_due_on_range CHECK (due_on BETWEEN '0001-01-01' AND '9999-12-31');
CREATE INDEX issues_state_priority ON issues (state, priority, number DESC);
CREATE INDEX issues_priority ON issues (priority, number DESC);
CREATE INDEX issues_state_due ON issues (state, due_on, number DESC);
CREATE INDEX issues_due ON issues (due_on, number DESC);

ALTER TABLE issue_events
    ADD COLUMN previous_priority smallint,
    ADD COLUMN priority smallint,
    ADD COLUMN previous_due_on date,
    ADD COLUMN due_on date,
    DROP CONSTRAINT issue_events_kind_known,
    ADD CONSTRAINT issue_events_kind_known
        CHECK (kind IN ('created', 'assigned', 'unassigned', 'closed', 'reopened', 'renamed', 'edited',
                        'commented', 'comment_edited', 'comment_deleted', 'comment_restored',
                        'labeled', 'unlabeled', 'milestoned', 'demilestoned', 'deleted', 'restored',
                        'prioritized', 'due_changed'));

-- `tracker create|edit --priority P --due DATE`: of p_numbers, in order, the priority (when
-- p_set_priority; NULL is none), then the due day (when p_set_due). The same value is no change.
CREATE FUNCTION tracker_plan_issues(
    p_acting text, p_numbers bigint[], p_priority smallint, p_set_priority boolean, p_due date, p_set_due boolean
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_number bigint;
    v_old record;
BEGIN
    IF NOT (p_set_priority OR p_set_due) THEN
        RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(p_numbers) AS wanted (number)
                WHERE NOT EXISTS (SELECT 1 FROM issue_events e
                                   WHERE e.issue_number = wanted.number AND e.kind = 'created'
                                     AND e.actor_id = v_who.actor_id AND e.xact = pg_current_xact_id())) THEN
        PERFORM tracker_require('triage', 'setting priorities and due dates');
    END IF;
    PERFORM tracker_lock_issues(p_numbers);
    FOREACH v_number IN ARRAY p_numbers LOOP
        SELECT i.priority, i.due_on INTO v_old FROM issues i WHERE i.number = v_number;
        IF p_set_priority AND p_priority IS DISTINCT FROM v_old.priority THEN
            UPDATE issues SET priority = p_priority, updated_at = clock_timestamp() WHERE number = v_number;
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, previous_priority, priority, created_at)
            VALUES (v_number, 'prioritized', v_who.actor_id, v_who.acting_user_id, v_old.priority, p_priority,
                    clock_timestamp());
        END IF;
        IF p_set_due AND p_due IS DISTINCT FROM v_old.due_on THEN
            UPDATE issues SET due_on = p_due, updated_at = clock_timestamp() WHERE number = v_number;
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, previous_due_on, due_on, created_at)
            VALUES (v_number, 'due_changed', v_who.actor_id, v_who.acting_user_id, v_old.due_on, p_due, clock_timestamp());
        END IF;
    END LOOP;
END;
$$;

-- An import's priorities and due dates (maintain, the import begun in this transaction), set on the
-- issues it just moved in (p_numbers, their new numbers) without events or a new update time, as
-- the rest of an imported issue is taken as the file says. Only planned issues are named.
CREATE FUNCTION tracker_import_plan(p_import bigint, p_numbers bigint[], p_priorities smallint[], p_dues date[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    IF NOT EXISTS (SELECT 1 FROM imports WHERE id = p_import AND role_name = session_user) THEN
        RAISE EXCEPTION 'import % was not begun in this session', p_import USING ERRCODE = 'TS010';
    END IF;
    -- Only issues this transaction's import created: no later call can change a plan unrecorded.
    UPDATE issues i SET priority = planned.priority, due_on = planned.due_on
      FROM unnest(p_numbers, p_priorities, p_dues) AS planned (number, priority, due_on)
     WHERE i.number = planned.number
       AND EXISTS (SELECT 1 FROM issue_events e WHERE e.issue_number = i.number AND e.kind = 'created'
                                                  AND e.import_id = p_import AND e.xact = pg_current_xact_id());
END;
$$;

CREATE OR REPLACE FUNCTION tracker_event_wording(p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE p_kind
    WHEN 'created' THEN 'created it' WHEN 'assigned' THEN 'assigned someone' WHEN 'unassigned' THEN 'unassigned someone'
    WHEN 'closed' THEN 'closed it' WHEN 'reopened' THEN 'reopened it' WHEN 'renamed' THEN 'renamed it'
    WHEN 'edited' THEN 'edited it' WHEN 'commented' THEN 'commented' WHEN 'comment_edited' THEN 'edited a comment'
    WHEN 'comment_deleted' THEN 'deleted a comment' WHEN 'comment_restored' THEN 'restored a comment'
    WHEN 'labeled' THEN 'added a label' WHEN 'unlabeled' THEN 'removed a label'
    WHEN 'milestoned' THEN 'set a milestone' WHEN 'demilestoned' THEN 'removed a milestone'
    WHEN 'deleted' THEN 'deleted it' WHEN 'restored' THEN 'restored it'
    WHEN 'prioritized' THEN 'changed the priority' WHEN 'due_changed' THEN 'changed the due date' ELSE p_kind END
$$;

-- `tracker undo`, as 0015's, but reopening an issue that was closed as a duplicate is undone by
-- closing it as a duplicate of the same issue again, and a priority or due date changed is put back.
CREATE OR REPLACE FUNCTION tracker_undo(p_acting text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_change changes;
    v_blocked text;
    v_done bigint[] := '{}';
    v_new bigint;
    v record;
    v_text record;
    v_reason text;
    v_original bigint;
BEGIN
    SELECT * INTO v_change FROM changes
     WHERE actor_id = v_who.actor_id AND undone_by IS NULL AND import_id IS NULL
     ORDER BY id DESC LIMIT 1 FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'you have no change to undo' USING ERRCODE = 'TS016';
    END IF;
    PERFORM tracker_lock_any_issues(ARRAY(SELECT DISTINCT issue_number FROM issue_events
                                           WHERE coalesce(xact, '0'::xid8) = v_change.xact));
    v_blocked := tracker_undo_blocked(v_change.id);
    IF v_blocked IS NOT NULL THEN
        RAISE EXCEPTION 'cannot undo your last change: %; nothing was changed', v_blocked USING ERRCODE = 'TS017';
    END IF;
    -- An issue the change created (or took out of the trash) goes to the trash whole: its other
    -- events in the change go with it.
    v_done := ARRAY(SELECT DISTINCT issue_number FROM issue_events
                     WHERE coalesce(xact, '0'::xid8) = v_change.xact AND kind IN ('created', 'restored'));
    IF cardinality(v_done) > 0 THEN
        PERFORM tracker_delete_issues(p_acting, v_done);
    END IF;
    FOR v IN SELECT e.*, s.login AS subject FROM issue_events e LEFT JOIN users s ON s.id = e.subject_user_id
              WHERE coalesce(e.xact, '0'::xid8) = v_change.xact ORDER BY e.id DESC LOOP
        CONTINUE WHEN v.issue_number = ANY (v_done);
        IF v.kind = 'deleted' THEN
            PERFORM tracker_restore_issues(p_acting, ARRAY[v.issue_number]);
        ELSIF v.kind = 'closed' THEN
            PERFORM tracker_set_state(p_acting, ARRAY[v.issue_number], 'open', NULL);
        ELSIF v.kind = 'reopened' THEN
            SELECT e.state_reason, e.duplicate_of INTO v_reason, v_original FROM issue_events e
             WHERE e.issue_number = v.issue_number AND e.kind = 'closed' AND e.id < v.id ORDER BY e.id DESC LIMIT 1;
            IF v_reason = 'duplicate' THEN
                PERFORM tracker_close_as_duplicate(p_acting, v.issue_number, v_original);
            ELSE
                PERFORM tracker_set_state(p_acting, ARRAY[v.issue_number], 'closed', coalesce(v_reason, 'completed'));
            END IF;
        ELSIF v.kind IN ('renamed', 'edited') THEN
            SELECT r.title, r.body INTO v_text FROM issue_revisions r
             WHERE r.issue_number = v.issue_number AND r.replaced_in = v_change.xact;
            CONTINUE WHEN NOT FOUND OR EXISTS (
                SELECT 1 FROM issues i WHERE i.number = v.issue_number AND i.title = v_text.title AND i.body = v_text.body);
            PERFORM tracker_edit_issues(p_acting, ARRAY[v.issue_number], v_text.title, v_text.body, NULL, '{}', '{}',
                                        false, '{}', '{}', NULL, false, tracker_mentioned_logins(v_text.body));
        ELSIF v.kind IN ('assigned', 'unassigned', 'labeled', 'unlabeled', 'milestoned', 'demilestoned') THEN
            PERFORM tracker_edit_issues(
                p_acting, ARRAY[v.issue_number], NULL, NULL, NULL,
                CASE WHEN v.kind = 'unassigned' THEN ARRAY[v.subject] ELSE '{}' END,
                CASE WHEN v.kind = 'assigned' THEN ARRAY[v.subject] ELSE '{}' END, false,
                CASE WHEN v.kind = 'unlabeled' THEN ARRAY[v.label_name] ELSE '{}' END,
                CASE WHEN v.kind = 'labeled' THEN ARRAY[v.label_name] ELSE '{}' END,
                CASE WHEN v.kind = 'demilestoned' THEN v.milestone_title END, v.kind = 'milestoned', '{}');
        ELSIF v.kind = 'prioritized' THEN
            PERFORM tracker_plan_issues(p_acting, ARRAY[v.issue_number], v.previous_priority, true, NULL, false);
        ELSIF v.kind = 'due_changed' THEN
            PERFORM tracker_plan_issues(p_acting, ARRAY[v.issue_number], NULL, false, v.previous_due_on, true);
        ELSIF v.kind IN ('commented', 'comment_restored') THEN
            PERFORM tracker_delete_comment(p_acting, v.comment_id);
        ELSIF v.kind = 'comment_deleted' THEN
            PERFORM tracker_restore_comment(p_acting, v.comment_id);
        ELSIF v.kind = 'comment_edited' THEN
            SELECT r.body INTO v_text FROM comment_revisions r
             WHERE r.comment_id = v.comment_id AND r.replaced_in = v_change.xact ORDER BY r.version LIMIT 1;
            CONTINUE WHEN NOT FOUND;
            PERFORM tracker_edit_comment(p_acting, v.comment_id, v_text.body, tracker_mentioned_logins(v_text.body));
        END IF;
    END LOOP;
    SELECT id INTO v_new FROM changes WHERE xact = pg_current_xact_id();
    IF v_new IS NULL THEN
        RAISE EXCEPTION 'cannot undo your last change: it is already undone; nothing was changed'
            USING ERRCODE = 'TS017';
    END IF;
    UPDATE changes SET undoes = v_change.id WHERE id = v_new;
    UPDATE changes SET undone_by = v_new WHERE id = v_change.id;
    RETURN v_change.id;
END;
$$;
