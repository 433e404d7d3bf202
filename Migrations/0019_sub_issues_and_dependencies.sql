-- Issue 30's structure: sub-issues (items 1) and dependencies (item 2).
--
-- 1. Sub-issues. An issue may have a parent (`issues.parent_number`); a parent counts its whole
--    tree below it (`subtree_total`, `subtree_closed`: the descendants not in the trash), kept up to
--    date by `issue_tree_changed`, as milestone counts are: a change of an issue's state, trash,
--    parent or own counts adds the difference to its parent, whose trigger passes it on up. An
--    issue in the trash leaves its ancestors' counts with its subtree; a restore brings them back.
--    GitHub's limits: 100 sub-issues per issue, 8 levels of sub-issues under a top issue (the
--    deepest is at depth 8); a cycle is refused naming it.
-- 2. Dependencies. `issue_dependencies` says which issues block which; an issue counts its blockers
--    that are open and not in the trash (`open_blockers`, kept by triggers on both tables), so
--    `--blocked` is a range of a partial index and `--ready` (open, no open blocker) a filter on
--    the state index. A cycle, direct or through a chain, is refused naming the chain.
--
-- Locking. Every change of issues locks them through `tracker_lock_any_issues`, which now also
-- locks, in one number order, their ancestors and the issues they block (the rows the counters
-- above change), holding the structure lock shared: structure stays still meanwhile, so that set is
-- exact. Changes of structure (a parent, a blocker) hold it exclusive, so they run one at a time
-- and their cycle and limit checks cannot race. Two writers never wait for each other's rows in
-- opposite orders. Projects (issue 31) will key both tables by (project, number) as issues.
ALTER TABLE issues
    ADD COLUMN parent_number bigint
        CONSTRAINT issues_parent_fkey REFERENCES issues (number) ON DELETE SET NULL ON UPDATE CASCADE,
    ADD COLUMN subtree_total integer NOT NULL DEFAULT 0,
    ADD COLUMN subtree_closed integer NOT NULL DEFAULT 0,
    ADD COLUMN open_blockers integer NOT NULL DEFAULT 0,
    ADD CONSTRAINT issues_parent_other CHECK (parent_number <> number),
    ADD CONSTRAINT issues_subtree_counts CHECK (subtree_closed BETWEEN 0 AND subtree_total),
    ADD CONSTRAINT issues_open_blockers_counted CHECK (open_blockers >= 0);
CREATE INDEX issues_parent ON issues (parent_number, number DESC) WHERE parent_number IS NOT NULL;
CREATE INDEX issues_blocked ON issues (state, number DESC) WHERE open_blockers > 0;

CREATE TABLE issue_dependencies (
    blocked_number   bigint NOT NULL REFERENCES issues (number) ON DELETE CASCADE ON UPDATE CASCADE,
    blocking_number  bigint NOT NULL REFERENCES issues (number) ON DELETE CASCADE ON UPDATE CASCADE,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocked_number, blocking_number),
    CONSTRAINT issue_dependencies_other CHECK (blocked_number <> blocking_number)
);
CREATE INDEX issue_dependencies_blocking ON issue_dependencies (blocking_number, blocked_number);

ALTER TABLE issue_events
    ADD COLUMN previous_parent_number bigint,
    ADD COLUMN parent_number bigint,
    ADD COLUMN blocker_number bigint,
    DROP CONSTRAINT issue_events_kind_known,
    ADD CONSTRAINT issue_events_kind_known
        CHECK (kind IN ('created', 'assigned', 'unassigned', 'closed', 'reopened', 'renamed', 'edited',
                        'commented', 'comment_edited', 'comment_deleted', 'comment_restored',
                        'labeled', 'unlabeled', 'milestoned', 'demilestoned', 'deleted', 'restored',
                        'prioritized', 'due_changed', 'parent_changed', 'blocker_added', 'blocker_removed')),
    ADD CONSTRAINT issue_events_blocker_named
        CHECK ((kind IN ('blocker_added', 'blocker_removed')) = (blocker_number IS NOT NULL));

-- What an issue adds to its parent's counts: itself and its tree, unless it is in the trash.
CREATE FUNCTION issue_tree_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_old_total integer := CASE WHEN OLD.deleted_at IS NULL THEN 1 + OLD.subtree_total ELSE 0 END;
    v_old_closed integer := CASE WHEN OLD.deleted_at IS NULL THEN (OLD.state = 'closed')::integer + OLD.subtree_closed
                                 ELSE 0 END;
    v_new_total integer := CASE WHEN NEW.deleted_at IS NULL THEN 1 + NEW.subtree_total ELSE 0 END;
    v_new_closed integer := CASE WHEN NEW.deleted_at IS NULL THEN (NEW.state = 'closed')::integer + NEW.subtree_closed
                                 ELSE 0 END;
BEGIN
    IF OLD.parent_number IS NOT DISTINCT FROM NEW.parent_number THEN
        IF v_old_total <> v_new_total OR v_old_closed <> v_new_closed THEN
            UPDATE issues SET subtree_total = subtree_total + v_new_total - v_old_total,
                              subtree_closed = subtree_closed + v_new_closed - v_old_closed
             WHERE number = NEW.parent_number;
        END IF;
        RETURN NULL;
    END IF;
    IF OLD.parent_number IS NOT NULL THEN
        UPDATE issues SET subtree_total = subtree_total - v_old_total, subtree_closed = subtree_closed - v_old_closed
         WHERE number = OLD.parent_number;
    END IF;
    IF NEW.parent_number IS NOT NULL THEN
        UPDATE issues SET subtree_total = subtree_total + v_new_total, subtree_closed = subtree_closed + v_new_closed
         WHERE number = NEW.parent_number;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_tree_changed
    AFTER UPDATE ON issues FOR EACH ROW
    WHEN ((OLD.parent_number IS NOT NULL OR NEW.parent_number IS NOT NULL)
          AND (OLD.state IS DISTINCT FROM NEW.state OR OLD.parent_number IS DISTINCT FROM NEW.parent_number
               OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
               OR OLD.subtree_total <> NEW.subtree_total OR OLD.subtree_closed <> NEW.subtree_closed))
    EXECUTE FUNCTION issue_tree_changed();

-- An issue that opens or closes, or goes to or comes back from the trash, counts for the issues it
-- blocks.
CREATE FUNCTION issue_blocker_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_was boolean := OLD.state = 'open' AND OLD.deleted_at IS NULL;
    v_is boolean := NEW.state = 'open' AND NEW.deleted_at IS NULL;
BEGIN
    IF v_was <> v_is THEN
        UPDATE issues i SET open_blockers = i.open_blockers + CASE WHEN v_is THEN 1 ELSE -1 END
          FROM issue_dependencies d
         WHERE d.blocking_number = NEW.number AND i.number = d.blocked_number;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_blocker_changed
    AFTER UPDATE ON issues FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
    EXECUTE FUNCTION issue_blocker_changed();

CREATE FUNCTION issue_dependency_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_blocked bigint;
    v_blocking bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        v_blocked := NEW.blocked_number;
        v_blocking := NEW.blocking_number;
    ELSE
        v_blocked := OLD.blocked_number;
        v_blocking := OLD.blocking_number;
    END IF;
    IF EXISTS (SELECT 1 FROM issues b WHERE b.number = v_blocking AND b.state = 'open' AND b.deleted_at IS NULL) THEN
        UPDATE issues SET open_blockers = open_blockers + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
         WHERE number = v_blocked;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_dependency_changed
    AFTER INSERT OR DELETE ON issue_dependencies FOR EACH ROW EXECUTE FUNCTION issue_dependency_changed();

-- The structure lock: shared by every change of issues, exclusive for a change of structure.
CREATE FUNCTION tracker_structure_lock_key() RETURNS bigint
LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS $$ SELECT 7630300019::bigint $$;

-- The issues above `wanted` in their trees (not `wanted` themselves), nearest first: one level at a
-- time through the primary key (a recursive join let the planner walk every sub-issue instead).
CREATE FUNCTION tracker_ancestors(wanted bigint[]) RETURNS TABLE (number bigint, depth integer)
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_level bigint[] := wanted;
    v_seen bigint[] := '{}';
    v_depth integer := 0;
BEGIN
    LOOP
        v_level := ARRAY(SELECT DISTINCT i.parent_number FROM issues i
                          WHERE i.number = ANY (v_level) AND i.parent_number IS NOT NULL
                            AND NOT i.parent_number = ANY (v_seen));
        v_depth := v_depth + 1;
        EXIT WHEN cardinality(v_level) = 0 OR v_depth > 64;
        v_seen := v_seen || v_level;
        RETURN QUERY SELECT unnest(v_level), v_depth;
    END LOOP;
END;
$$;

-- As 0015's, but with the rows the counters change: ancestors and the issues they block.
CREATE OR REPLACE FUNCTION tracker_lock_any_issues(wanted bigint[]) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    missing bigint;
    v_rows bigint[];
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
        RAISE EXCEPTION 'issue #% does not exist', missing USING ERRCODE = 'TS007', DETAIL = missing::text;
    END IF;
END;
$$;

-- A change of structure: write, on an issue the actor is creating in this transaction, else triage;
-- then the structure lock, exclusive, and the issues locked.
CREATE FUNCTION tracker_begin_structure_change(p_who record, p_numbers bigint[], p_doing text) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM unnest(p_numbers) AS wanted (number)
                WHERE NOT EXISTS (SELECT 1 FROM issue_events e
                                   WHERE e.issue_number = wanted.number AND e.kind = 'created'
                                     AND e.actor_id = p_who.actor_id AND e.xact = pg_current_xact_id())) THEN
        PERFORM tracker_require('triage', p_doing);
    END IF;
    PERFORM pg_advisory_xact_lock(tracker_structure_lock_key());
    PERFORM tracker_lock_issues(p_numbers);
END;
$$;

-- `#1 → #2 → #3`: the numbers as a chain.
CREATE FUNCTION tracker_chain(p_numbers bigint[]) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT string_agg('#' || n, ' → ' ORDER BY position) FROM unnest(p_numbers) WITH ORDINALITY AS c (n, position)
$$;

-- `tracker create|edit --parent M` (p_parent NULL: `--no-parent`): each of p_numbers, in order,
-- becomes a sub-issue of p_parent. The same parent is no change. Refused, naming what: a parent
-- in the trash or missing, a cycle (the chain from the parent up to the issue), more than 100
-- sub-issues, deeper than 8 levels.
CREATE FUNCTION tracker_set_parent(p_acting text, p_numbers bigint[], p_parent bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_number bigint;
    v_old bigint;
    v_chain bigint[];
    v_depth integer;
    v_height integer;
BEGIN
    PERFORM tracker_begin_structure_change(v_who, p_numbers, 'changing sub-issues');
    IF p_parent IS NOT NULL THEN
        PERFORM tracker_lock_issues(ARRAY[p_parent]);
    END IF;
    FOREACH v_number IN ARRAY p_numbers LOOP
        SELECT i.parent_number INTO v_old FROM issues i WHERE i.number = v_number;
        CONTINUE WHEN v_old IS NOT DISTINCT FROM p_parent;
        IF p_parent IS NOT NULL THEN
            IF p_parent = v_number THEN
                RAISE EXCEPTION 'issue #% cannot be its own parent; nothing was changed', v_number USING ERRCODE = 'TS018';
            END IF;
            v_chain := ARRAY(SELECT a.number FROM tracker_ancestors(ARRAY[p_parent]) a ORDER BY a.depth);
            IF v_number = ANY (v_chain) THEN
                v_chain := v_chain[1:array_position(v_chain, v_number)];
                RAISE EXCEPTION 'a cycle: #% is under #% (%), so #% cannot be a sub-issue of #%; nothing was changed',
                    p_parent, v_number, tracker_chain(ARRAY[p_parent] || v_chain), v_number, p_parent
                    USING ERRCODE = 'TS018';
            END IF;
            IF (SELECT count(*) FROM issues c WHERE c.parent_number = p_parent) >= 100 THEN
                RAISE EXCEPTION 'issue #% already has 100 sub-issues, the most an issue can have; nothing was changed',
                    p_parent USING ERRCODE = 'TS018';
            END IF;
            v_depth := 1 + cardinality(v_chain);
            WITH RECURSIVE down (number, height) AS (
                SELECT v_number, 0
                UNION ALL
                SELECT c.number, down.height + 1 FROM down JOIN issues c ON c.parent_number = down.number
                 WHERE down.height < 16
            )
            SELECT max(height) INTO v_height FROM down;
            IF v_depth + v_height > 8 THEN
                RAISE EXCEPTION 'sub-issues nest at most 8 levels: #% would put one % levels under #%; nothing was changed',
                    v_number, v_depth + v_height, coalesce(v_chain[cardinality(v_chain)], p_parent)
                    USING ERRCODE = 'TS018';
            END IF;
        END IF;
        UPDATE issues SET parent_number = p_parent, updated_at = clock_timestamp() WHERE number = v_number;
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, previous_parent_number, parent_number,
                                  created_at)
        VALUES (v_number, 'parent_changed', v_who.actor_id, v_who.acting_user_id, v_old, p_parent, clock_timestamp());
    END LOOP;
END;
$$;

-- `tracker edit N --blocked-by M --remove-blocked-by K`: of p_numbers, in order, each blocker
-- removed then each added (so a swap at the limit fits). One already there (or not there) is no change. Refused: a blocker
-- missing or in the trash, a cycle (naming the chain of blockers), more than 100 blockers.
CREATE FUNCTION tracker_set_blockers(p_acting text, p_numbers bigint[], p_add bigint[], p_remove bigint[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_number bigint;
    v_blocker bigint;
    v_reach bigint[];
    v_chain bigint[];
BEGIN
    PERFORM tracker_begin_structure_change(v_who, p_numbers, 'changing dependencies');
    PERFORM tracker_lock_issues(p_add);
    FOREACH v_number IN ARRAY p_numbers LOOP
        FOREACH v_blocker IN ARRAY p_remove LOOP
            DELETE FROM issue_dependencies d WHERE d.blocked_number = v_number AND d.blocking_number = v_blocker;
            CONTINUE WHEN NOT FOUND;
            UPDATE issues SET updated_at = clock_timestamp() WHERE number = v_number;
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, blocker_number, created_at)
            VALUES (v_number, 'blocker_removed', v_who.actor_id, v_who.acting_user_id, v_blocker, clock_timestamp());
        END LOOP;
        FOREACH v_blocker IN ARRAY p_add LOOP
            CONTINUE WHEN EXISTS (SELECT 1 FROM issue_dependencies d
                                   WHERE d.blocked_number = v_number AND d.blocking_number = v_blocker);
            IF v_blocker = v_number THEN
                RAISE EXCEPTION 'issue #% cannot block itself; nothing was changed', v_number USING ERRCODE = 'TS018';
            END IF;
            -- What already blocks the blocker, through any chain; the issue among them is a cycle.
            v_reach := ARRAY(WITH RECURSIVE blocking (number) AS (
                                 SELECT v_blocker
                                 UNION
                                 SELECT d.blocking_number FROM blocking JOIN issue_dependencies d
                                     ON d.blocked_number = blocking.number)
                             SELECT number FROM blocking);
            IF v_number = ANY (v_reach) THEN
                v_chain := ARRAY[v_number];
                WHILE v_chain[cardinality(v_chain)] <> v_blocker AND cardinality(v_chain) <= cardinality(v_reach) LOOP
                    v_chain := v_chain || (SELECT d.blocked_number FROM issue_dependencies d
                                            WHERE d.blocking_number = v_chain[cardinality(v_chain)]
                                              AND d.blocked_number = ANY (v_reach)
                                            ORDER BY d.blocked_number = v_blocker DESC, d.blocked_number LIMIT 1);
                END LOOP;
                RAISE EXCEPTION 'a cycle: #% already blocks #% (%), so #% cannot block #%; nothing was changed',
                    v_number, v_blocker, tracker_chain(v_chain), v_blocker, v_number USING ERRCODE = 'TS018';
            END IF;
            IF (SELECT count(*) FROM issue_dependencies d WHERE d.blocked_number = v_number) >= 100 THEN
                RAISE EXCEPTION 'issue #% already has 100 blockers, the most an issue can have; nothing was changed',
                    v_number USING ERRCODE = 'TS018';
            END IF;
            INSERT INTO issue_dependencies (blocked_number, blocking_number) VALUES (v_number, v_blocker);
            UPDATE issues SET updated_at = clock_timestamp() WHERE number = v_number;
            INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, blocker_number, created_at)
            VALUES (v_number, 'blocker_added', v_who.actor_id, v_who.acting_user_id, v_blocker, clock_timestamp());
        END LOOP;
    END LOOP;
END;
$$;

-- Whether this transaction's import `p_import` created issue `p_number` (so links may be set on it
-- without events, as the rest of an imported issue).
CREATE FUNCTION tracker_created_by_import(p_import bigint, p_number bigint) RETURNS boolean
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT EXISTS (SELECT 1 FROM issue_events e WHERE e.issue_number = p_number AND e.kind = 'created'
                                             AND e.import_id = p_import AND e.xact = pg_current_xact_id())
$$;

-- An import's sub-issues, dependencies and duplicates (maintain, the import begun in this
-- transaction), by the numbers its issues got: parents set and blockers added without events, as
-- the rest of an imported issue is taken as the file says; the triggers keep the counts. A
-- duplicate was copied closed as completed (0018's CHECKs need its original): it and its closed
-- event now name the original. Only issues this transaction's import created are linked (the
-- client checked the file's levels, limits and cycles: `ImportLinks`); a cycle a raw call makes
-- fails in the triggers, rolling everything back.
CREATE FUNCTION tracker_import_structure(
    p_import bigint, p_children bigint[], p_parents bigint[], p_blocked bigint[], p_blocking bigint[],
    p_duplicates bigint[], p_originals bigint[]
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    IF NOT EXISTS (SELECT 1 FROM imports WHERE id = p_import AND role_name = session_user) THEN
        RAISE EXCEPTION 'import % was not begun in this session', p_import USING ERRCODE = 'TS010';
    END IF;
    PERFORM pg_advisory_xact_lock(tracker_structure_lock_key());
    UPDATE issues i SET parent_number = linked.parent
      FROM unnest(p_children, p_parents) AS linked (child, parent)
     WHERE i.number = linked.child
       AND tracker_created_by_import(p_import, linked.child)
       AND tracker_created_by_import(p_import, linked.parent);
    INSERT INTO issue_dependencies (blocked_number, blocking_number)
    SELECT linked.blocked, linked.blocking FROM unnest(p_blocked, p_blocking) AS linked (blocked, blocking)
     WHERE tracker_created_by_import(p_import, linked.blocked);
    UPDATE issues i SET state_reason = 'duplicate', duplicate_of = linked.original
      FROM unnest(p_duplicates, p_originals) AS linked (duplicate, original)
     WHERE i.number = linked.duplicate AND i.state = 'closed'
       AND tracker_created_by_import(p_import, linked.duplicate);
    UPDATE issue_events e SET state_reason = 'duplicate', duplicate_of = linked.original
      FROM unnest(p_duplicates, p_originals) AS linked (duplicate, original)
     WHERE e.issue_number = linked.duplicate AND e.kind = 'closed' AND e.import_id = p_import
       AND e.xact = pg_current_xact_id();
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
    WHEN 'prioritized' THEN 'changed the priority' WHEN 'due_changed' THEN 'changed the due date'
    WHEN 'parent_changed' THEN 'changed the parent' WHEN 'blocker_added' THEN 'added a blocker'
    WHEN 'blocker_removed' THEN 'removed a blocker' ELSE p_kind END
$$;

-- `tracker undo`, as 0018's, but a parent or a blocker changed is put back (the structure lock
-- taken first, exclusive, when the change has one).
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
    IF EXISTS (SELECT 1 FROM issue_events e WHERE coalesce(e.xact, '0'::xid8) = v_change.xact
                  AND e.kind IN ('parent_changed', 'blocker_added', 'blocker_removed')) THEN
        PERFORM pg_advisory_xact_lock(tracker_structure_lock_key());
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
        ELSIF v.kind = 'parent_changed' THEN
            PERFORM tracker_set_parent(p_acting, ARRAY[v.issue_number], v.previous_parent_number);
        ELSIF v.kind = 'blocker_added' THEN
            PERFORM tracker_set_blockers(p_acting, ARRAY[v.issue_number], '{}', ARRAY[v.blocker_number]);
        ELSIF v.kind = 'blocker_removed' THEN
            PERFORM tracker_set_blockers(p_acting, ARRAY[v.issue_number], ARRAY[v.blocker_number], '{}');
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
