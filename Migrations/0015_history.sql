-- Nothing is lost by mistake (issue 29): every change is a unit that can be undone, every text
-- an issue or a comment had is kept, and deleting moves to a trash that can be restored.

-- 1. Changes. One row per transaction that writes timeline events, made by a statement trigger
--    on issue_events, so every function that records a change makes one without knowing it: its
--    events carry the transaction (issue_events.xact, 0007), and the change is found from them.
--    The actor is the events' actor, or for an import the importer. `tracker undo` takes back
--    an actor's latest change not undone; the undo is a change of its own (`undoes`), and the one
--    it took back says so (`undone_by`), so undoing an undo puts the change back.
CREATE TABLE changes (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    xact            xid8 NOT NULL CONSTRAINT changes_xact_key UNIQUE,
    actor_id        bigint NOT NULL REFERENCES users (id),
    acting_user_id  bigint REFERENCES users (id),
    import_id       bigint REFERENCES imports (id),
    made_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    undoes          bigint CONSTRAINT changes_undoes_key UNIQUE REFERENCES changes (id) ON DELETE SET NULL,
    undone_by       bigint CONSTRAINT changes_undone_by_key UNIQUE REFERENCES changes (id) ON DELETE SET NULL
);
CREATE INDEX changes_actor ON changes (actor_id, id DESC);

CREATE FUNCTION issue_events_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO changes (xact, actor_id, acting_user_id, import_id)
    SELECT pg_current_xact_id(), coalesce(i.user_id, e.actor_id),
           CASE WHEN e.import_id IS NULL THEN e.acting_user_id END, e.import_id
      FROM (SELECT actor_id, acting_user_id, import_id FROM new_events LIMIT 1) e
      LEFT JOIN imports i ON i.id = e.import_id
    ON CONFLICT (xact) DO NOTHING;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_events_change
    AFTER INSERT ON issue_events REFERENCING NEW TABLE AS new_events
    FOR EACH STATEMENT EXECUTE FUNCTION issue_events_change();

-- 2. Text history. Before an issue's title or body changes, the version it replaces is kept
--    with who wrote it and when (the actor of the issue's latest `edited`/`renamed` event, else
--    its author at creation) and the transaction that replaced it; likewise a comment's body.
--    The search index covers the current text only: versions are not searched.
CREATE TABLE issue_revisions (
    issue_number  bigint NOT NULL REFERENCES issues (number) ON DELETE CASCADE ON UPDATE CASCADE,
    version       bigint NOT NULL CONSTRAINT issue_revisions_version_positive CHECK (version > 0),
    title         text NOT NULL,
    body          text NOT NULL,
    written_by    bigint NOT NULL REFERENCES users (id),
    written_at    timestamptz NOT NULL,
    replaced_in   xid8 NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (issue_number, version)
);

ALTER TABLE issue_comments ADD COLUMN version integer NOT NULL DEFAULT 1
    CONSTRAINT issue_comments_version_positive CHECK (version > 0);
CREATE TABLE comment_revisions (
    comment_id   bigint NOT NULL REFERENCES issue_comments (id) ON DELETE CASCADE ON UPDATE CASCADE,
    version      integer NOT NULL CONSTRAINT comment_revisions_version_positive CHECK (version > 0),
    body         text NOT NULL,
    written_by   bigint NOT NULL REFERENCES users (id),
    written_at   timestamptz NOT NULL,
    replaced_in  xid8 NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (comment_id, version)
);

-- Who wrote an issue's current text, and when.
CREATE FUNCTION tracker_text_writer(p_issue bigint, OUT writer bigint, OUT written_at timestamptz)
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce(e.actor_id, i.author_id), coalesce(e.created_at, i.created_at)
  FROM issues i
  LEFT JOIN LATERAL (SELECT actor_id, created_at FROM issue_events
                      WHERE issue_number = i.number AND kind IN ('edited', 'renamed')
                      ORDER BY id DESC LIMIT 1) e ON true
 WHERE i.number = p_issue
$$;

-- Who wrote a comment's current text, and when.
CREATE FUNCTION tracker_comment_writer(p_comment bigint, OUT writer bigint, OUT written_at timestamptz)
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce(e.actor_id, c.author_id), coalesce(e.created_at, c.created_at)
  FROM issue_comments c
  LEFT JOIN LATERAL (SELECT actor_id, created_at FROM issue_events
                      WHERE issue_number = c.issue_number AND comment_id = c.id AND kind = 'comment_edited'
                      ORDER BY id DESC LIMIT 1) e ON true
 WHERE c.id = p_comment
$$;

CREATE FUNCTION issue_text_replaced() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO issue_revisions (issue_number, version, title, body, written_by, written_at)
    SELECT OLD.number, OLD.version, OLD.title, OLD.body, w.writer, w.written_at
      FROM tracker_text_writer(OLD.number) w;
    IF NEW.version <= OLD.version THEN
        NEW.version := OLD.version + 1;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER issue_text_replaced
    BEFORE UPDATE OF title, body ON issues FOR EACH ROW
    WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body)
    EXECUTE FUNCTION issue_text_replaced();

CREATE FUNCTION comment_text_replaced() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO comment_revisions (comment_id, version, body, written_by, written_at)
    SELECT OLD.id, OLD.version, OLD.body, w.writer, w.written_at FROM tracker_comment_writer(OLD.id) w;
    NEW.version := OLD.version + 1;
    RETURN NEW;
END;
$$;
CREATE TRIGGER comment_text_replaced
    BEFORE UPDATE OF body ON issue_comments FOR EACH ROW
    WHEN (OLD.body IS DISTINCT FROM NEW.body)
    EXECUTE FUNCTION comment_text_replaced();

-- 3. The trash. A deleted issue or comment keeps its row, marked; every read leaves it out, and
--    `tracker restore` clears the mark. `tracker trash purge` removes marked rows for good.
ALTER TABLE issues
    ADD COLUMN deleted_at timestamptz,
    ADD COLUMN deleted_by bigint REFERENCES users (id),
    ADD CONSTRAINT issues_deleted_by_someone CHECK ((deleted_at IS NULL) = (deleted_by IS NULL));
CREATE INDEX issues_deleted ON issues (deleted_at) WHERE deleted_at IS NOT NULL;
ALTER TABLE issue_comments
    ADD COLUMN deleted_at timestamptz,
    ADD COLUMN deleted_by bigint REFERENCES users (id),
    ADD CONSTRAINT issue_comments_deleted_by_someone CHECK ((deleted_at IS NULL) = (deleted_by IS NULL));
CREATE INDEX issue_comments_deleted ON issue_comments (deleted_at) WHERE deleted_at IS NOT NULL;

ALTER TABLE issue_events
    DROP CONSTRAINT issue_events_kind_known,
    ADD CONSTRAINT issue_events_kind_known
        CHECK (kind IN ('created', 'assigned', 'unassigned', 'closed', 'reopened', 'renamed', 'edited',
                        'commented', 'comment_edited', 'comment_deleted', 'comment_restored',
                        'labeled', 'unlabeled', 'milestoned', 'demilestoned', 'deleted', 'restored')),
    DROP CONSTRAINT issue_events_comment_named,
    ADD CONSTRAINT issue_events_comment_named
        CHECK ((kind IN ('commented', 'comment_edited', 'comment_deleted', 'comment_restored'))
               = (comment_id IS NOT NULL));

-- A milestone counts the issues that are not in the trash.
CREATE OR REPLACE FUNCTION milestone_issues_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE milestones m SET open_issues = m.open_issues + added.open, closed_issues = m.closed_issues + added.closed
      FROM (SELECT milestone_number, count(*) FILTER (WHERE state = 'open') AS open,
                   count(*) FILTER (WHERE state = 'closed') AS closed
              FROM new_rows WHERE milestone_number IS NOT NULL AND deleted_at IS NULL GROUP BY milestone_number) added
     WHERE m.number = added.milestone_number;
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION milestone_issues_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE milestones m SET open_issues = m.open_issues - gone.open, closed_issues = m.closed_issues - gone.closed
      FROM (SELECT milestone_number, count(*) FILTER (WHERE state = 'open') AS open,
                   count(*) FILTER (WHERE state = 'closed') AS closed
              FROM old_rows WHERE milestone_number IS NOT NULL AND deleted_at IS NULL GROUP BY milestone_number) gone
     WHERE m.number = gone.milestone_number;
    RETURN NULL;
END;
$$;
CREATE OR REPLACE FUNCTION milestone_issue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.milestone_number IS NOT NULL AND OLD.deleted_at IS NULL THEN
        UPDATE milestones SET open_issues = open_issues - (OLD.state = 'open')::int,
                              closed_issues = closed_issues - (OLD.state = 'closed')::int
         WHERE number = OLD.milestone_number;
    END IF;
    IF NEW.milestone_number IS NOT NULL AND NEW.deleted_at IS NULL THEN
        UPDATE milestones SET open_issues = open_issues + (NEW.state = 'open')::int,
                              closed_issues = closed_issues + (NEW.state = 'closed')::int
         WHERE number = NEW.milestone_number;
    END IF;
    RETURN NULL;
END;
$$;
ALTER FUNCTION milestone_issues_inserted() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION milestone_issues_deleted() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION milestone_issue_changed() SET search_path = tracker, pg_catalog, pg_temp;
DROP TRIGGER milestone_issue_changed ON issues;
CREATE TRIGGER milestone_issue_changed
    AFTER UPDATE ON issues FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.milestone_number IS DISTINCT FROM NEW.milestone_number
          OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
    EXECUTE FUNCTION milestone_issue_changed();

-- A change to an issue in the trash is refused like one to a missing issue, saying where it is
-- (TS016: the message is the person's).
CREATE OR REPLACE FUNCTION tracker_lock_issues(wanted bigint[]) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    missing bigint;
BEGIN
    PERFORM tracker_lock_any_issues(wanted);
    SELECT number INTO missing FROM issues WHERE number = ANY (wanted) AND deleted_at IS NOT NULL ORDER BY number LIMIT 1;
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'issue #% is in the trash (`tracker restore %` brings it back); nothing was changed',
            missing, missing USING ERRCODE = 'TS016';
    END IF;
END;
$$;

-- Locks the issues, in the trash or not, in number order; TS007 for one that does not exist.
CREATE FUNCTION tracker_lock_any_issues(wanted bigint[]) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    missing bigint;
BEGIN
    PERFORM 1 FROM issues WHERE number = ANY (wanted) ORDER BY number FOR UPDATE;
    SELECT w INTO missing FROM unnest(wanted) AS w
     WHERE NOT EXISTS (SELECT 1 FROM issues WHERE number = w) ORDER BY w LIMIT 1;
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'issue #% does not exist', missing USING ERRCODE = 'TS007', DETAIL = missing::text;
    END IF;
END;
$$;

-- 4. Deleting and restoring issues: one's own with write, anyone's with maintain. Each gives the
--    numbers that changed (one already there is no change) and leaves `updated_at` alone, so a
--    restored issue reads as it did before, its timeline apart.
CREATE FUNCTION tracker_move_to_trash(p_acting text, p_numbers bigint[], p_delete boolean) RETURNS SETOF bigint
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_doing text := CASE WHEN p_delete THEN 'deleting' ELSE 'restoring' END;
    v record;
BEGIN
    PERFORM tracker_require('write', v_doing || ' issues');
    PERFORM tracker_lock_any_issues(p_numbers);
    FOR v IN SELECT i.number, i.author_id, u.login FROM issues i JOIN users u ON u.id = i.author_id
              WHERE i.number = ANY (p_numbers) AND (i.deleted_at IS NULL) = p_delete ORDER BY i.number LOOP
        IF v.author_id <> v_who.actor_id THEN
            PERFORM tracker_require('maintain', pg_catalog.format('%s %s''s issue', v_doing, v.login));
        END IF;
        UPDATE issues SET deleted_at = CASE WHEN p_delete THEN clock_timestamp() END,
                          deleted_by = CASE WHEN p_delete THEN v_who.actor_id END
         WHERE number = v.number;
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, created_at)
        VALUES (v.number, CASE WHEN p_delete THEN 'deleted' ELSE 'restored' END, v_who.actor_id,
                v_who.acting_user_id, clock_timestamp());
        RETURN NEXT v.number;
    END LOOP;
END;
$$;

-- `tracker delete`: the numbers moved to the trash.
CREATE FUNCTION tracker_delete_issues(p_acting text, p_numbers bigint[]) RETURNS SETOF bigint
LANGUAGE sql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT tracker_move_to_trash(p_acting, p_numbers, true)
$$;

-- `tracker restore`: the numbers taken out of the trash.
CREATE FUNCTION tracker_restore_issues(p_acting text, p_numbers bigint[]) RETURNS SETOF bigint
LANGUAGE sql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT tracker_move_to_trash(p_acting, p_numbers, false)
$$;

-- `tracker trash purge`: issues and comments deleted before p_before, removed for good
-- (maintain). An issue takes its timeline, comments and versions with it.
CREATE FUNCTION tracker_purge_trash(p_acting text, p_before timestamptz, OUT issues bigint, OUT comments bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_acting(p_acting);
    PERFORM tracker_require('maintain', 'purging the trash');
    DELETE FROM issue_comments c WHERE c.deleted_at < p_before;
    GET DIAGNOSTICS comments = ROW_COUNT;
    DELETE FROM issues i WHERE i.deleted_at < p_before;
    GET DIAGNOSTICS issues = ROW_COUNT;
END;
$$;

-- 5. Comments: deleting one marks it; restoring clears the mark. A comment in the trash cannot be
--    edited or deleted again (TS016); one on an issue in the trash is locked with its issue.
CREATE OR REPLACE FUNCTION tracker_comment_for_change(p_id bigint, p_actor bigint, p_doing text) RETURNS issue_comments
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

CREATE OR REPLACE FUNCTION tracker_comment_change_check(p_acting text, p_id bigint) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_comment record;
BEGIN
    SELECT c.author_id, c.deleted_at, u.login INTO v_comment
      FROM issue_comments c JOIN users u ON u.id = c.author_id WHERE c.id = p_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'comment % does not exist', p_id USING ERRCODE = 'TS009', DETAIL = p_id::text;
    END IF;
    IF v_comment.deleted_at IS NOT NULL THEN
        RAISE EXCEPTION 'comment % is in the trash (`tracker comment restore %` brings it back); nothing was changed',
            p_id, p_id USING ERRCODE = 'TS016';
    END IF;
    IF v_comment.author_id = v_who.actor_id THEN
        PERFORM tracker_require('write', 'editing a comment');
    ELSE
        PERFORM tracker_require('maintain', pg_catalog.format('editing %s''s comment', v_comment.login));
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION tracker_delete_comment(p_acting text, p_id bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_comment issue_comments := tracker_comment_for_change(p_id, v_who.actor_id, 'deleting');
BEGIN
    UPDATE issue_comments SET deleted_at = clock_timestamp(), deleted_by = v_who.actor_id WHERE id = p_id;
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, comment_id, created_at)
    VALUES (v_comment.issue_number, 'comment_deleted', v_who.actor_id, v_who.acting_user_id, p_id, clock_timestamp());
    PERFORM tracker_touch(v_comment.issue_number);
END;
$$;

-- `tracker comment restore`: the comment as it was, its mentions with it; one not deleted is no change.
CREATE FUNCTION tracker_restore_comment(p_acting text, p_id bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_comment issue_comments := tracker_comment_for_change(p_id, v_who.actor_id, 'restoring');
BEGIN
    IF v_comment.deleted_at IS NULL THEN
        RETURN;
    END IF;
    UPDATE issue_comments SET deleted_at = NULL, deleted_by = NULL WHERE id = p_id;
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, comment_id, created_at)
    VALUES (v_comment.issue_number, 'comment_restored', v_who.actor_id, v_who.acting_user_id, p_id, clock_timestamp());
    PERFORM tracker_touch(v_comment.issue_number);
END;
$$;

-- 6. Undo. `tracker undo` takes back the actor's latest change not undone, as one new change
--    whose events are the reverse of the old one's, newest first, each made by the function that
--    makes that kind of change (so each is held to the level it needs). It is refused, changing
--    nothing, when anyone changed one of those issues since, or when something the change named
--    is gone (TS017, the reason as the message).
CREATE FUNCTION tracker_event_wording(p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT CASE p_kind
    WHEN 'created' THEN 'created it' WHEN 'assigned' THEN 'assigned someone' WHEN 'unassigned' THEN 'unassigned someone'
    WHEN 'closed' THEN 'closed it' WHEN 'reopened' THEN 'reopened it' WHEN 'renamed' THEN 'renamed it'
    WHEN 'edited' THEN 'edited it' WHEN 'commented' THEN 'commented' WHEN 'comment_edited' THEN 'edited a comment'
    WHEN 'comment_deleted' THEN 'deleted a comment' WHEN 'comment_restored' THEN 'restored a comment'
    WHEN 'labeled' THEN 'added a label' WHEN 'unlabeled' THEN 'removed a label'
    WHEN 'milestoned' THEN 'set a milestone' WHEN 'demilestoned' THEN 'removed a milestone'
    WHEN 'deleted' THEN 'deleted it' WHEN 'restored' THEN 'restored it' ELSE p_kind END
$$;

-- Why change p_change cannot be undone now; NULL when it can.
CREATE FUNCTION tracker_undo_blocked(p_change bigint) RETURNS text
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_xact xid8 := (SELECT xact FROM changes WHERE id = p_change);
    v_last bigint;
    v record;
BEGIN
    SELECT max(id) INTO v_last FROM issue_events WHERE coalesce(xact, '0'::xid8) = v_xact;
    IF v_last IS NULL THEN
        RETURN 'the issues it changed were purged from the trash';
    END IF;
    SELECT e.issue_number, u.login, e.kind, e.created_at INTO v
      FROM issue_events e JOIN users u ON u.id = e.actor_id
     WHERE e.issue_number IN (SELECT issue_number FROM issue_events WHERE coalesce(xact, '0'::xid8) = v_xact)
       AND e.id > v_last
     ORDER BY e.id LIMIT 1;
    IF FOUND THEN
        RETURN pg_catalog.format('#%s has changed since (%s %s at %s UTC)', v.issue_number, v.login,
                                 tracker_event_wording(v.kind),
                                 pg_catalog.to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'));
    END IF;
    SELECT e.kind, coalesce(e.label_name, e.milestone_title, e.comment_id::text) AS name INTO v
      FROM issue_events e
     WHERE coalesce(e.xact, '0'::xid8) = v_xact
       AND ((e.kind IN ('labeled', 'unlabeled')
             AND NOT EXISTS (SELECT 1 FROM labels l WHERE lower(l.name) = lower(e.label_name)))
         OR (e.kind IN ('milestoned', 'demilestoned')
             AND NOT EXISTS (SELECT 1 FROM milestones m WHERE lower(m.title) = lower(e.milestone_title)))
         OR (e.comment_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM issue_comments c WHERE c.id = e.comment_id)))
     ORDER BY e.id LIMIT 1;
    IF FOUND THEN
        RETURN CASE WHEN v.kind IN ('labeled', 'unlabeled') THEN pg_catalog.format('the label ''%s'' no longer exists', v.name)
                    WHEN v.kind IN ('milestoned', 'demilestoned')
                        THEN pg_catalog.format('the milestone ''%s'' no longer exists', v.name)
                    ELSE pg_catalog.format('comment %s was purged from the trash', v.name) END;
    END IF;
    RETURN NULL;
END;
$$;

-- The change `tracker undo` would take back for the session's actor (none: no row), and why it
-- cannot (NULL: it can); its events are read with the change's xact.
CREATE FUNCTION tracker_undo_candidate(p_acting text)
RETURNS TABLE (change_id bigint, xact xid8, made_at timestamptz, undoes bigint, blocked text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
BEGIN
    RETURN QUERY
    SELECT c.id, c.xact, c.made_at, c.undoes, tracker_undo_blocked(c.id)
      FROM changes c
     WHERE c.actor_id = v_who.actor_id AND c.undone_by IS NULL AND c.import_id IS NULL
     ORDER BY c.id DESC LIMIT 1;
END;
$$;

-- The logins a text mentions, for text an undo puts back (the client reads code spans out of
-- what people type; a text restored by undo had its mentions read that way when it was written,
-- so a login it names is taken as mentioned).
CREATE FUNCTION tracker_mentioned_logins(p_text text) RETURNS text[]
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT coalesce(array_agg(lower(u.login)), '{}') FROM users u
 WHERE strpos(p_text, '@') > 0 AND strpos(lower(p_text), '@' || lower(u.login)) > 0
$$;

-- `tracker undo`: the id of the change taken back.
CREATE FUNCTION tracker_undo(p_acting text) RETURNS bigint
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
            SELECT e.state_reason INTO v_reason FROM issue_events e
             WHERE e.issue_number = v.issue_number AND e.kind = 'closed' AND e.id < v.id ORDER BY e.id DESC LIMIT 1;
            PERFORM tracker_set_state(p_acting, ARRAY[v.issue_number], 'closed', coalesce(v_reason, 'completed'));
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
