-- Every change tracker makes, as a function that checks the session's level, takes the actor from
-- the session (tracker_acting), and writes the change with exactly the events it made (issue 27).
-- They run as the tables' owner (SECURITY DEFINER, search path pinned), so a role that may only
-- read the tables can change them through these and no other way; raw `psql` as that role is held
-- to the same rules as tracker. The statements are the ones tracker sent itself before, so the
-- timeline, the counters and every refusal (TS003-TS008, the constraints) are as they were.
-- Levels: read < triage (labels, milestones and assignees on issues, close, reopen) < write
-- (create, comment, edit one's own issues' text and one's own comments) < maintain (anyone's
-- text and comments, labels and milestones, import) < admin (users, levels, acting as another).

-- Mentions of one text (an issue's body when p_comment is NULL, else that comment) become
-- p_wanted: registered logins whose @login the text holds (tracker's rule for code spans is
-- applied by the client; this keeps a mention from being made up).
CREATE FUNCTION tracker_replace_mentions(p_issue bigint, p_comment bigint, p_text text, p_wanted text[]) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    DELETE FROM issue_mentions m
     WHERE m.issue_number = p_issue AND m.comment_id IS NOT DISTINCT FROM p_comment
       AND m.user_id NOT IN (SELECT u.id FROM users u WHERE lower(u.login) = ANY (p_wanted));
    INSERT INTO issue_mentions (issue_number, user_id, comment_id)
    SELECT p_issue, u.id, p_comment FROM users u
     WHERE lower(u.login) = ANY (p_wanted) AND strpos(lower(p_text), '@' || lower(u.login)) > 0
    ON CONFLICT DO NOTHING;
END;
$$;

CREATE FUNCTION tracker_touch(p_issue bigint) RETURNS void
LANGUAGE sql SET search_path = tracker, pg_catalog, pg_temp AS $$
UPDATE issues SET updated_at = clock_timestamp() WHERE number = p_issue
$$;

-- Assignees of one locked issue: removed (all of them with p_remove_all), then added, each with
-- its event by p_actor (and p_acting, who acted for them).
CREATE FUNCTION tracker_change_assignees(
    p_issue bigint, p_actor bigint, p_acting bigint, p_added text[], p_removed text[], p_remove_all boolean
) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_gone integer;
    v_came integer;
BEGIN
    WITH removed_rows AS (
        DELETE FROM issue_assignees
         WHERE issue_number = p_issue
           AND (p_remove_all OR user_id IN (SELECT tracker_user_id(login) FROM unnest(p_removed) AS login))
        RETURNING user_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, subject_user_id, created_at)
    SELECT p_issue, 'unassigned', p_actor, p_acting, user_id, clock_timestamp() FROM removed_rows;
    GET DIAGNOSTICS v_gone = ROW_COUNT;
    WITH added_rows AS (
        INSERT INTO issue_assignees (issue_number, user_id)
        SELECT p_issue, tracker_user_id(wanted.login)
          FROM unnest(p_added) WITH ORDINALITY AS wanted (login, position) ORDER BY wanted.position
        ON CONFLICT DO NOTHING
        RETURNING user_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, subject_user_id, created_at)
    SELECT p_issue, 'assigned', p_actor, p_acting, user_id, clock_timestamp() FROM added_rows;
    GET DIAGNOSTICS v_came = ROW_COUNT;
    IF v_gone + v_came > 0 THEN
        PERFORM tracker_touch(p_issue);
    END IF;
END;
$$;

CREATE FUNCTION tracker_change_labels(
    p_issue bigint, p_actor bigint, p_acting bigint, p_added text[], p_removed text[]
) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_gone integer;
    v_came integer;
BEGIN
    WITH removed_rows AS (
        DELETE FROM issue_labels
         WHERE issue_number = p_issue
           AND label_id IN (SELECT tracker_label_id(wanted) FROM unnest(p_removed) AS wanted)
        RETURNING label_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, label_name, created_at)
    SELECT p_issue, 'unlabeled', p_actor, p_acting, l.name, clock_timestamp()
      FROM removed_rows JOIN labels l ON l.id = removed_rows.label_id ORDER BY lower(l.name);
    GET DIAGNOSTICS v_gone = ROW_COUNT;
    WITH added_rows AS (
        INSERT INTO issue_labels (label_id, issue_number)
        SELECT tracker_label_id(wanted.name), p_issue
          FROM unnest(p_added) WITH ORDINALITY AS wanted (name, position) ORDER BY wanted.position
        ON CONFLICT DO NOTHING
        RETURNING label_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, label_name, created_at)
    SELECT p_issue, 'labeled', p_actor, p_acting, l.name, clock_timestamp()
      FROM added_rows JOIN labels l ON l.id = added_rows.label_id ORDER BY lower(l.name);
    GET DIAGNOSTICS v_came = ROW_COUNT;
    IF v_gone + v_came > 0 THEN
        PERFORM tracker_touch(p_issue);
    END IF;
END;
$$;

-- The milestone titled p_title, or none when it is NULL; the same milestone is no change.
CREATE FUNCTION tracker_change_milestone(p_issue bigint, p_actor bigint, p_acting bigint, p_title text) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_old text;
    v_wanted bigint := CASE WHEN p_title IS NULL THEN NULL ELSE tracker_milestone_number(p_title) END;
BEGIN
    SELECT m.title INTO v_old FROM issues i JOIN milestones m ON m.number = i.milestone_number
     WHERE i.number = p_issue;
    UPDATE issues SET milestone_number = v_wanted, updated_at = clock_timestamp()
     WHERE number = p_issue AND milestone_number IS DISTINCT FROM v_wanted;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF v_old IS NOT NULL THEN
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, milestone_title, created_at)
        VALUES (p_issue, 'demilestoned', p_actor, p_acting, v_old, clock_timestamp());
    END IF;
    IF v_wanted IS NOT NULL THEN
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, milestone_title, created_at)
        SELECT p_issue, 'milestoned', p_actor, p_acting, m.title, clock_timestamp()
          FROM milestones m WHERE m.number = v_wanted;
    END IF;
END;
$$;

-- `tracker create`: the new issue's number.
CREATE FUNCTION tracker_create_issue(
    p_acting text, p_title text, p_body text, p_milestone text, p_assignees text[], p_labels text[],
    p_mentions text[]
) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_number bigint;
    v_at timestamptz;
BEGIN
    PERFORM tracker_require('write', 'creating an issue');
    UPDATE issue_number_counter SET last_number = last_number + 1 RETURNING last_number, clock_timestamp()
      INTO v_number, v_at;
    INSERT INTO issues (number, title, body, author_id, milestone_number, created_at, updated_at)
    VALUES (v_number, p_title, p_body, v_who.actor_id,
            CASE WHEN p_milestone IS NULL THEN NULL ELSE tracker_milestone_number(p_milestone) END, v_at, v_at);
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, created_at)
    VALUES (v_number, 'created', v_who.actor_id, v_who.acting_user_id, clock_timestamp());
    WITH added AS (
        INSERT INTO issue_assignees (issue_number, user_id)
        SELECT v_number, tracker_user_id(wanted.login)
          FROM unnest(p_assignees) WITH ORDINALITY AS wanted (login, position) ORDER BY wanted.position
        ON CONFLICT DO NOTHING
        RETURNING user_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, subject_user_id, created_at)
    SELECT v_number, 'assigned', v_who.actor_id, v_who.acting_user_id, user_id, clock_timestamp() FROM added;
    WITH added AS (
        INSERT INTO issue_labels (label_id, issue_number)
        SELECT tracker_label_id(wanted.name), v_number
          FROM unnest(p_labels) WITH ORDINALITY AS wanted (name, position) ORDER BY wanted.position
        ON CONFLICT DO NOTHING
        RETURNING label_id
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, label_name, created_at)
    SELECT v_number, 'labeled', v_who.actor_id, v_who.acting_user_id, l.name, clock_timestamp()
      FROM added JOIN labels l ON l.id = added.label_id ORDER BY lower(l.name);
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, milestone_title, created_at)
    SELECT i.number, 'milestoned', v_who.actor_id, v_who.acting_user_id, m.title, clock_timestamp()
      FROM issues i JOIN milestones m ON m.number = i.milestone_number WHERE i.number = v_number;
    PERFORM tracker_replace_mentions(v_number, NULL, p_body, p_mentions);
    RETURN v_number;
END;
$$;

-- `tracker edit` (and assign, unassign, the pickers): one change of one or several issues, in
-- the order of p_numbers, each as its timeline records it: the text, assignees removed then
-- added, labels removed then added, the milestone. Names are checked first, in the order given,
-- then the issues locked. Text written from an older version than the issue's refuses the whole
-- change (TS008); text equal to the current text is no change and no conflict.
CREATE FUNCTION tracker_edit_issues(
    p_acting text, p_numbers bigint[], p_title text, p_body text, p_read_version bigint,
    p_add_assignees text[], p_remove_assignees text[], p_remove_all_assignees boolean,
    p_add_labels text[], p_remove_labels text[], p_milestone text, p_remove_milestone boolean, p_mentions text[]
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_text boolean := p_title IS NOT NULL OR p_body IS NOT NULL;
    v_people boolean :=
        cardinality(p_add_assignees) + cardinality(p_remove_assignees) > 0 OR p_remove_all_assignees;
    v_labels boolean := cardinality(p_add_labels) + cardinality(p_remove_labels) > 0;
    v_milestone boolean := p_milestone IS NOT NULL OR p_remove_milestone;
    v_number bigint;
    v_old record;
    v_title text;
    v_body text;
BEGIN
    IF v_text THEN
        PERFORM tracker_require('write', 'editing an issue''s title and body');
    END IF;
    IF v_people OR v_labels OR v_milestone THEN
        PERFORM tracker_require('triage', 'changing assignees, labels or milestones');
    END IF;
    PERFORM tracker_user_id(wanted) FROM unnest(p_add_assignees || p_remove_assignees) AS wanted;
    PERFORM tracker_label_id(wanted) FROM unnest(p_add_labels || p_remove_labels) AS wanted;
    IF p_milestone IS NOT NULL THEN
        PERFORM tracker_milestone_number(p_milestone);
    END IF;
    PERFORM tracker_lock_issues(p_numbers);
    FOREACH v_number IN ARRAY p_numbers LOOP
        IF v_text THEN
            SELECT i.title, i.body, i.version, i.author_id, u.login AS author INTO v_old
              FROM issues i JOIN users u ON u.id = i.author_id WHERE i.number = v_number;
            v_title := coalesce(p_title, v_old.title);
            v_body := coalesce(p_body, v_old.body);
            IF v_title <> v_old.title OR v_body <> v_old.body THEN
                IF v_old.author_id <> v_who.actor_id THEN
                    PERFORM tracker_require('maintain', pg_catalog.format('editing %s''s issue', v_old.author));
                END IF;
                IF p_read_version IS NOT NULL AND v_old.version <> p_read_version THEN
                    PERFORM tracker_edit_conflict(v_number, p_read_version);
                END IF;
                UPDATE issues SET title = v_title, body = v_body, version = v_old.version + 1,
                                  updated_at = clock_timestamp()
                 WHERE number = v_number;
                IF v_title <> v_old.title THEN
                    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, previous_title,
                                              current_title, created_at)
                    VALUES (v_number, 'renamed', v_who.actor_id, v_who.acting_user_id, v_old.title, v_title,
                            clock_timestamp());
                END IF;
                IF v_body <> v_old.body THEN
                    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, created_at)
                    VALUES (v_number, 'edited', v_who.actor_id, v_who.acting_user_id, clock_timestamp());
                    PERFORM tracker_replace_mentions(v_number, NULL, v_body, p_mentions);
                END IF;
            END IF;
        END IF;
        IF v_people THEN
            PERFORM tracker_change_assignees(
                v_number, v_who.actor_id, v_who.acting_user_id, p_add_assignees, p_remove_assignees,
                p_remove_all_assignees);
        END IF;
        IF v_labels THEN
            PERFORM tracker_change_labels(v_number, v_who.actor_id, v_who.acting_user_id, p_add_labels, p_remove_labels);
        END IF;
        IF v_milestone THEN
            PERFORM tracker_change_milestone(v_number, v_who.actor_id, v_who.acting_user_id, p_milestone);
        END IF;
    END LOOP;
END;
$$;

-- `tracker close` / `reopen`: the numbers of the issues that changed (the others already were).
CREATE FUNCTION tracker_set_state(p_acting text, p_numbers bigint[], p_state text, p_reason text)
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
            UPDATE issues SET state = 'open', state_reason = 'reopened', closed_at = NULL, updated_at = clock_timestamp()
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

-- A comment's row, locked, for a change by the session's actor: one's own needs write, anyone
-- else's maintain (moderation, as on GitHub). A missing comment is TS009, its id as DETAIL.
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
    IF v_comment.author_id = p_actor THEN
        PERFORM tracker_require('write', p_doing || ' a comment');
    ELSE
        SELECT login INTO v_author FROM users WHERE id = v_comment.author_id;
        PERFORM tracker_require('maintain', pg_catalog.format('%s %s''s comment', p_doing, v_author));
    END IF;
    RETURN v_comment;
END;
$$;

-- Whether the session may edit or delete comment p_id (as tracker_comment_for_change decides),
-- asked before an editor opens, so nobody writes a text that cannot be saved.
CREATE FUNCTION tracker_comment_change_check(p_acting text, p_id bigint) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_author bigint;
    v_login text;
BEGIN
    SELECT c.author_id, u.login INTO v_author, v_login
      FROM issue_comments c JOIN users u ON u.id = c.author_id WHERE c.id = p_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'comment % does not exist', p_id USING ERRCODE = 'TS009', DETAIL = p_id::text;
    END IF;
    IF v_author = v_who.actor_id THEN
        PERFORM tracker_require('write', 'editing a comment');
    ELSE
        PERFORM tracker_require('maintain', pg_catalog.format('editing %s''s comment', v_login));
    END IF;
END;
$$;

-- `tracker comment`: the new comment's id.
CREATE FUNCTION tracker_add_comment(p_acting text, p_issue bigint, p_body text, p_mentions text[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_id bigint;
    v_at timestamptz;
BEGIN
    PERFORM tracker_require('write', 'commenting');
    PERFORM tracker_lock_issues(ARRAY[p_issue]);
    UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'comment' RETURNING last_value, clock_timestamp()
      INTO v_id, v_at;
    INSERT INTO issue_comments (id, issue_number, author_id, body, created_at, updated_at)
    VALUES (v_id, p_issue, v_who.actor_id, p_body, v_at, v_at);
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, comment_id, created_at)
    VALUES (p_issue, 'commented', v_who.actor_id, v_who.acting_user_id, v_id, clock_timestamp());
    PERFORM tracker_touch(p_issue);
    PERFORM tracker_replace_mentions(p_issue, v_id, p_body, p_mentions);
    RETURN v_id;
END;
$$;

-- `tracker comment edit`: whether the text changed (the same text is no change).
CREATE FUNCTION tracker_edit_comment(p_acting text, p_id bigint, p_body text, p_mentions text[]) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_comment issue_comments := tracker_comment_for_change(p_id, v_who.actor_id, 'editing');
BEGIN
    IF v_comment.body = p_body THEN
        RETURN false;
    END IF;
    UPDATE issue_comments SET body = p_body, updated_at = clock_timestamp() WHERE id = p_id;
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, comment_id, created_at)
    VALUES (v_comment.issue_number, 'comment_edited', v_who.actor_id, v_who.acting_user_id, p_id, clock_timestamp());
    PERFORM tracker_replace_mentions(v_comment.issue_number, p_id, p_body, p_mentions);
    PERFORM tracker_touch(v_comment.issue_number);
    RETURN true;
END;
$$;

-- `tracker comment delete`: the comment goes, its `comment_deleted` event keeps its place.
CREATE FUNCTION tracker_delete_comment(p_acting text, p_id bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_comment issue_comments := tracker_comment_for_change(p_id, v_who.actor_id, 'deleting');
BEGIN
    DELETE FROM issue_comments WHERE id = p_id;
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, comment_id, created_at)
    VALUES (v_comment.issue_number, 'comment_deleted', v_who.actor_id, v_who.acting_user_id, p_id, clock_timestamp());
    PERFORM tracker_touch(v_comment.issue_number);
END;
$$;

-- Labels: maintain.
CREATE FUNCTION tracker_create_label(p_name text, p_color text, p_description text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'creating a label');
    INSERT INTO labels (name, color, description) VALUES (p_name, p_color, p_description);
END;
$$;

-- NULL keeps a value. An unknown label is TS005, as tracker_label_id says it.
CREATE FUNCTION tracker_edit_label(
    p_name text, p_new_name text, p_color text, p_description text
) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'editing a label');
    UPDATE labels SET name = coalesce(p_new_name, name), color = coalesce(p_color, color),
                      description = coalesce(p_description, description)
     WHERE id = tracker_label_id(p_name);
END;
$$;

-- The label is locked first, so a labelling that began before finishes and one that begins after
-- waits and then finds no label; its rows are taken off by DELETE ... RETURNING in the next
-- statement, so the `unlabeled` events and the count are the rows this deletion removed.
CREATE FUNCTION tracker_delete_label(p_acting text, p_name text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_label labels;
    v_count integer;
BEGIN
    PERFORM tracker_require('maintain', 'deleting a label');
    SELECT * INTO v_label FROM labels WHERE id = tracker_label_id(p_name) FOR UPDATE;
    WITH removed AS (DELETE FROM issue_labels WHERE label_id = v_label.id RETURNING issue_number),
    recorded AS (
        INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, label_name, created_at)
        SELECT issue_number, 'unlabeled', v_who.actor_id, v_who.acting_user_id, v_label.name, clock_timestamp()
          FROM removed ORDER BY issue_number
    )
    UPDATE issues SET updated_at = clock_timestamp() WHERE number IN (SELECT issue_number FROM removed);
    GET DIAGNOSTICS v_count = ROW_COUNT;
    DELETE FROM labels WHERE id = v_label.id;
    RETURN v_count;
END;
$$;

-- Milestones: maintain. New numbers come from the counter (0011).
CREATE FUNCTION tracker_create_milestone(p_title text, p_description text, p_due timestamptz)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_number bigint;
BEGIN
    PERFORM tracker_require('maintain', 'creating a milestone');
    UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'milestone' RETURNING last_value INTO v_number;
    INSERT INTO milestones (number, title, description, due_on) VALUES (v_number, p_title, p_description, p_due);
    RETURN v_number;
END;
$$;

-- NULL keeps a value; p_set_due with a NULL p_due clears the due date.
CREATE FUNCTION tracker_edit_milestone(
    p_title text, p_new_title text, p_description text, p_set_due boolean, p_due timestamptz
) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_number bigint := tracker_milestone_number(p_title);
BEGIN
    PERFORM tracker_require('maintain', 'editing a milestone');
    UPDATE milestones SET title = coalesce(p_new_title, title), description = coalesce(p_description, description),
                          due_on = CASE WHEN p_set_due THEN p_due ELSE due_on END
     WHERE number = v_number;
    RETURN v_number;
END;
$$;

CREATE FUNCTION tracker_set_milestone_state(p_title text, p_state text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_number bigint := tracker_milestone_number(p_title);
BEGIN
    PERFORM tracker_require('maintain', CASE WHEN p_state = 'closed' THEN 'closing' ELSE 'reopening' END || ' a milestone');
    UPDATE milestones SET state = p_state,
                          closed_at = CASE WHEN p_state = 'closed' THEN coalesce(closed_at, clock_timestamp()) END
     WHERE number = v_number;
    RETURN v_number;
END;
$$;

-- Locked first, like a label; its issues are taken out of it with their `demilestoned` events.
CREATE FUNCTION tracker_delete_milestone(p_acting text, p_title text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_who record := tracker_acting(p_acting);
    v_milestone milestones;
    v_count integer;
BEGIN
    PERFORM tracker_require('maintain', 'deleting a milestone');
    SELECT * INTO v_milestone FROM milestones WHERE number = tracker_milestone_number(p_title) FOR UPDATE;
    WITH carriers AS (
        UPDATE issues SET milestone_number = NULL, updated_at = clock_timestamp()
         WHERE milestone_number = v_milestone.number RETURNING number
    )
    INSERT INTO issue_events (issue_number, kind, actor_id, acting_user_id, milestone_title, created_at)
    SELECT number, 'demilestoned', v_who.actor_id, v_who.acting_user_id, v_milestone.title, clock_timestamp()
      FROM carriers;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    DELETE FROM milestones WHERE number = v_milestone.number;
    RETURN v_count;
END;
$$;

-- Users and levels: admin. A login that exists without a role is linked to p_role (how an
-- imported author, or a user from before levels, gets one); otherwise an existing login is
-- refused by users_login_key, and a role that is not on this server (TS013) or is another
-- user's (users_role_name_key) too.
CREATE FUNCTION tracker_add_user(p_login text, p_name text, p_role text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('admin', 'adding users');
    IF p_role IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role) THEN
        RAISE EXCEPTION 'there is no role % on this server', p_role USING ERRCODE = 'TS013', DETAIL = p_role;
    END IF;
    IF p_role IS NOT NULL THEN
        UPDATE users SET role_name = p_role, name = CASE WHEN p_name = '' THEN name ELSE p_name END
         WHERE lower(login) = lower(p_login) AND role_name IS NULL;
        IF FOUND THEN
            RETURN false;
        END IF;
    END IF;
    INSERT INTO users (login, name, role_name) VALUES (p_login, p_name, p_role);
    RETURN true;
END;
$$;

-- The role a user logs in as (p_who a login), or the role named p_who when no user has that
-- login; TS013 when neither is there, TS015 for a user linked to no role.
CREATE FUNCTION tracker_role_of(p_who text) RETURNS text
LANGUAGE plpgsql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_user users;
BEGIN
    SELECT * INTO v_user FROM users WHERE lower(login) = lower(p_who);
    IF FOUND AND v_user.role_name IS NULL THEN
        RAISE EXCEPTION 'user % is linked to no role', v_user.login USING ERRCODE = 'TS015', DETAIL = v_user.login;
    END IF;
    IF FOUND THEN
        RETURN v_user.role_name;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_who) THEN
        RAISE EXCEPTION 'there is no user or role %', p_who USING ERRCODE = 'TS013', DETAIL = p_who;
    END IF;
    RETURN p_who;
END;
$$;

-- Gives p_who (a login, or a role) exactly the level p_level, taking any other tracker level away.
CREATE FUNCTION tracker_grant_level(p_who text, p_level text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_level levels;
    v_role text;
BEGIN
    PERFORM tracker_require('admin', 'granting levels');
    SELECT * INTO v_level FROM levels WHERE level = p_level;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown level %', p_level USING ERRCODE = 'TS014', DETAIL = p_level;
    END IF;
    v_role := tracker_role_of(p_who);
    PERFORM tracker_revoke_levels(v_role);
    EXECUTE pg_catalog.format('GRANT %I TO %I', v_level.role_name, v_role);
END;
$$;

CREATE FUNCTION tracker_revoke_levels(p_role text) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_role text;
BEGIN
    IF p_role = (SELECT pg_get_userbyid(relowner)::text FROM pg_class WHERE oid = 'tracker.issues'::regclass) THEN
        RAISE EXCEPTION 'role % owns this tracker: its level cannot be changed', p_role USING ERRCODE = 'TS010';
    END IF;
    FOR v_role IN
        SELECT l.role_name FROM levels l
         WHERE EXISTS (SELECT 1 FROM pg_auth_members m
                        WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = l.role_name)
                          AND m.member = (SELECT oid FROM pg_roles WHERE rolname = p_role))
    LOOP
        EXECUTE pg_catalog.format('REVOKE %I FROM %I', v_role, p_role);
    END LOOP;
END;
$$;

CREATE FUNCTION tracker_revoke_level(p_who text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('admin', 'revoking levels');
    PERFORM tracker_revoke_levels(tracker_role_of(p_who));
END;
$$;

-- `tracker access list`: every login role holding a level here (the highest, directly granted or
-- not), its user, and every user linked to no role.
CREATE VIEW tracker_access AS
SELECT r.rolname::text AS role_name, u.login,
       (SELECT l.level FROM levels l WHERE pg_has_role(r.oid, l.role_name, 'MEMBER') ORDER BY l.rank DESC LIMIT 1)
           AS level
  FROM pg_roles r LEFT JOIN users u ON u.role_name = r.rolname
 WHERE r.rolcanlogin AND NOT r.rolsuper
   AND EXISTS (SELECT 1 FROM levels l WHERE pg_has_role(r.oid, l.role_name, 'MEMBER'))
UNION ALL
SELECT NULL, u.login, NULL FROM users u WHERE u.role_name IS NULL;

-- Import: maintain, the one way to record other people as authors; its events say who imported
-- them (import_id). In one transaction the client
--   1. calls tracker_import_begin: the import's id, the last issue number (its counter locked
--      until the end) and whether the tracker is empty; temporary tables to COPY the rows into;
--   2. registers people, labels and milestones (tracker_import_users, _labels, _milestones) and
--      takes new comment ids (tracker_import_comment_ids), all rolled back with a refused import;
--   3. COPYs the rows into pg_temp.import_issues, _assignees, _labels, _events, _comments,
--      _comment_events and _mentions;
--   4. calls tracker_import_finish, which moves them in: into an empty tracker with the issue
--      tables' plain indexes, foreign keys and assignee-count trigger set aside and built again
--      once, as pg_restore does (the issues' assignee_count is used then, and only then). Each
--      step it times is a NOTICE `phase: <what>|<seconds>`.
CREATE FUNCTION tracker_import_begin(p_acting text, OUT import_id bigint, OUT last_number bigint, OUT empty boolean)
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
        assignee_count integer
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

-- Registers the logins nobody has (people who never log in: no role) and gives every one's id.
CREATE FUNCTION tracker_import_users(p_logins text[]) RETURNS TABLE (login text, id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    INSERT INTO users (login) SELECT unnest(p_logins) ON CONFLICT DO NOTHING;
    RETURN QUERY SELECT lower(u.login), u.id FROM users u WHERE lower(u.login) = ANY (SELECT lower(unnest(p_logins)));
END;
$$;

-- Creates the labels nobody has (with their colours) and gives every one's id, by lowercased name.
CREATE FUNCTION tracker_import_labels(p_names text[], p_colors text[], p_descriptions text[])
RETURNS TABLE (name text, id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    INSERT INTO labels (name, color, description)
    SELECT * FROM unnest(p_names, p_colors, p_descriptions) ON CONFLICT DO NOTHING;
    RETURN QUERY SELECT lower(l.name), l.id FROM labels l WHERE lower(l.name) = ANY (SELECT lower(unnest(p_names)));
END;
$$;

-- Creates the milestones nobody has: those whose number is free keep it; the counter moves past
-- every number; the rest take theirs from it. Gives every one's number, by lowercased title.
CREATE FUNCTION tracker_import_milestones(
    p_numbers bigint[], p_titles text[], p_descriptions text[], p_dues timestamptz[], p_states text[]
) RETURNS TABLE (title text, number bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v record;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    FOR v IN SELECT * FROM unnest(p_numbers, p_titles, p_descriptions, p_dues, p_states)
                 AS wanted (number, title, description, due, state)
              ORDER BY wanted.number NULLS LAST LOOP
        INSERT INTO milestones (number, title, description, due_on, state, closed_at)
        SELECT v.number, v.title, v.description, v.due, v.state, CASE WHEN v.state = 'closed' THEN clock_timestamp() END
         WHERE v.number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM milestones m WHERE m.number = v.number)
        ON CONFLICT DO NOTHING;
    END LOOP;
    UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(m.number) FROM milestones m))
     WHERE name = 'milestone';
    FOR v IN SELECT * FROM unnest(p_numbers, p_titles, p_descriptions, p_dues, p_states)
                 AS wanted (number, title, description, due, state)
              ORDER BY wanted.number NULLS LAST LOOP
        CONTINUE WHEN EXISTS (SELECT 1 FROM milestones m WHERE lower(m.title) = lower(v.title));
        UPDATE id_counters SET last_value = last_value + 1 WHERE name = 'milestone';
        INSERT INTO milestones (number, title, description, due_on, state, closed_at)
        SELECT c.last_value, v.title, v.description, v.due, v.state,
               CASE WHEN v.state = 'closed' THEN clock_timestamp() END
          FROM id_counters c WHERE c.name = 'milestone'
        ON CONFLICT DO NOTHING;
    END LOOP;
    RETURN QUERY SELECT lower(m.title), m.number FROM milestones m
                  WHERE lower(m.title) = ANY (SELECT lower(unnest(p_titles)));
END;
$$;

-- New ids for p_count comments: the last of them (the first is last - p_count + 1).
CREATE FUNCTION tracker_import_comment_ids(p_count bigint) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_last bigint;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    UPDATE id_counters SET last_value = last_value + p_count WHERE name = 'comment' RETURNING last_value INTO v_last;
    RETURN v_last;
END;
$$;

CREATE FUNCTION tracker_import_phase(p_what text, p_since timestamptz) RETURNS void
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    RAISE NOTICE 'phase: %|%', p_what, extract(epoch FROM clock_timestamp() - p_since);
END;
$$;

CREATE FUNCTION tracker_import_finish(p_import bigint, p_kept_comment_ids boolean) RETURNS void
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
                            milestone_number, assignee_count)
        SELECT number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
               milestone_number, assignee_count
          FROM pg_temp.import_issues;
    ELSE
        INSERT INTO issues (number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
                            milestone_number)
        SELECT number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at, milestone_number
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
