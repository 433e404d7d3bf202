-- Users, issues, assignees and the issue timeline, with the product's limits as constraints
-- (see ARCHITECTURE.md, "Limits"). The core checks the same rules before anything is sent.

CREATE TABLE users (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login       text NOT NULL
                CONSTRAINT users_login_format
                CHECK (char_length(login) BETWEEN 1 AND 39
                       AND login ~ '^[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*$'),
    name        text NOT NULL DEFAULT ''
                CONSTRAINT users_name_length CHECK (char_length(name) <= 255),
    created_at  timestamptz NOT NULL DEFAULT now()
);
-- Logins are unique ignoring case; text_pattern_ops also serves prefix searches (LIKE 'ali%').
CREATE UNIQUE INDEX users_login_key ON users (lower(login) text_pattern_ops);

-- Issue numbers come from this single row, updated inside the creating transaction, so a
-- failed create gives its number back (a sequence would not).
CREATE TABLE issue_number_counter (
    singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    last_number  bigint NOT NULL DEFAULT 0
);
INSERT INTO issue_number_counter DEFAULT VALUES;

CREATE TABLE issues (
    number          bigint PRIMARY KEY CONSTRAINT issues_number_positive CHECK (number > 0),
    title           text NOT NULL
                    CONSTRAINT issues_title_length CHECK (char_length(title) BETWEEN 1 AND 256)
                    CONSTRAINT issues_title_trimmed CHECK (title !~ '^\s|\s$')
                    CONSTRAINT issues_title_no_control CHECK (title !~ '[\x01-\x1f\x7f-\x9f]'),
    body            text NOT NULL DEFAULT ''
                    CONSTRAINT issues_body_length CHECK (char_length(body) <= 65536),
    state           text NOT NULL DEFAULT 'open'
                    CONSTRAINT issues_state_known CHECK (state IN ('open', 'closed')),
    state_reason    text
                    CONSTRAINT issues_state_reason_known
                    CHECK (state_reason IN ('completed', 'not_planned', 'reopened')),
    author_id       bigint NOT NULL REFERENCES users (id),
    assignee_count  integer NOT NULL DEFAULT 0
                    CONSTRAINT issues_assignee_limit CHECK (assignee_count BETWEEN 0 AND 10),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    closed_at       timestamptz,
    CONSTRAINT issues_closed_at_matches_state CHECK ((state = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX issues_state_number ON issues (state, number DESC);
CREATE INDEX issues_state_updated ON issues (state, updated_at DESC, number DESC);
CREATE INDEX issues_updated ON issues (updated_at DESC, number DESC);
CREATE INDEX issues_author_number ON issues (author_id, number DESC);
CREATE INDEX issues_author_state_updated ON issues (author_id, state, updated_at DESC, number DESC);
-- `tracker list --search`: every word must match the title or body (English stemming).
CREATE INDEX issues_search ON issues USING gin (to_tsvector('english', title || ' ' || body));

CREATE TABLE issue_assignees (
    issue_number  bigint NOT NULL REFERENCES issues (number) ON DELETE CASCADE,
    user_id       bigint NOT NULL REFERENCES users (id),
    assigned_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issue_number, user_id)
);
CREATE INDEX issue_assignees_user ON issue_assignees (user_id, issue_number DESC);

-- Keeps issues.assignee_count in step, once per statement (so a COPY of a million rows runs
-- one UPDATE, not a million). The UPDATE locks the issue rows, so concurrent assigners queue
-- up and the CHECK above holds the limit of 10 even under races.
-- `tracker import` writes the counts with the issues and sets tracker.bulk_import for its own
-- transaction, so the issues it has just written are not rewritten.
CREATE FUNCTION issue_assignees_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('tracker.bulk_import', true) = 'on' THEN
        RETURN NULL;
    END IF;
    UPDATE issues i SET assignee_count = i.assignee_count + added.n
      FROM (SELECT issue_number, count(*) AS n FROM new_rows GROUP BY issue_number) added
     WHERE i.number = added.issue_number;
    RETURN NULL;
END;
$$;
CREATE FUNCTION issue_assignees_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE issues i SET assignee_count = i.assignee_count - removed.n
      FROM (SELECT issue_number, count(*) AS n FROM old_rows GROUP BY issue_number) removed
     WHERE i.number = removed.issue_number;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_assignees_added
    AFTER INSERT ON issue_assignees REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_assignees_added();
CREATE TRIGGER issue_assignees_removed
    AFTER DELETE ON issue_assignees REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION issue_assignees_removed();

CREATE TABLE issue_events (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    issue_number     bigint NOT NULL REFERENCES issues (number) ON DELETE CASCADE,
    kind             text NOT NULL
                     CONSTRAINT issue_events_kind_known
                     CHECK (kind IN ('created', 'assigned', 'unassigned', 'closed', 'reopened')),
    actor_id         bigint NOT NULL REFERENCES users (id),
    subject_user_id  bigint REFERENCES users (id),
    state_reason     text
                     CONSTRAINT issue_events_state_reason_known
                     CHECK (state_reason IN ('completed', 'not_planned')),
    created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issue_events_issue ON issue_events (issue_number, id);
