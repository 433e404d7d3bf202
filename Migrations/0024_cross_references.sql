-- Issue 31 item 3: a reference to another project's issue (`api#4`, or Jira's `API-4`) in an
-- issue's body or a comment is a link both ways: `show` lists what an issue references and what
-- references it, each in the project it is in, to those who may read that project.
--
-- The links are kept by triggers on the text as it is written (so an import, an edit, an undo and
-- raw SQL all keep them), outside code spans as mentions are; a link is recorded only to an
-- issue that exists when the text is written (or was moved: to where it went), and only across
-- projects. The table belongs to the referring project (project_id first, as 0022's tables), so
-- on a sharded server a text's links are written on its own shard; what references an issue is
-- read through the index on the target, from every shard.

CREATE TABLE all_issue_references (
    project_id        bigint NOT NULL DEFAULT tracker_project_id() REFERENCES projects (id),
    issue_number      bigint NOT NULL,
    -- NULL: the issue's body.
    comment_id        bigint,
    target_project_id bigint NOT NULL REFERENCES projects (id),
    target_number     bigint NOT NULL,
    CONSTRAINT issue_references_issue_fkey FOREIGN KEY (project_id, issue_number)
        REFERENCES all_issues (project_id, number) ON UPDATE CASCADE ON DELETE CASCADE,
    CONSTRAINT issue_references_comment_fkey FOREIGN KEY (project_id, comment_id)
        REFERENCES all_issue_comments (project_id, id) ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE UNIQUE INDEX issue_references_in_body ON all_issue_references (project_id, issue_number, target_project_id, target_number)
    WHERE comment_id IS NULL;
CREATE UNIQUE INDEX issue_references_in_comment ON all_issue_references (project_id, comment_id, target_project_id, target_number)
    WHERE comment_id IS NOT NULL;
CREATE INDEX issue_references_issue ON all_issue_references (project_id, issue_number);
CREATE INDEX issue_references_target ON all_issue_references (target_project_id, target_number);

-- As 0023 made every project's view: the session's project, once it may read it.
CREATE VIEW issue_references AS
SELECT issue_number, comment_id, target_project_id, target_number FROM all_issue_references
 WHERE project_id = (SELECT tracker_readable_project_id()) WITH CASCADED CHECK OPTION;

DO $$
BEGIN
    EXECUTE format('REVOKE ALL ON all_issue_references FROM %I', (SELECT role_name FROM levels WHERE level = 'read'));
    EXECUTE format('GRANT SELECT ON issue_references TO %I', tracker_member_role());
END;
$$;

-- The issues `p_text` names in other projects than `p_project`: `key#N` (any case) or `KEY-N`
-- (upper case, Jira's way), not inside a word, a path or a code span; each once, where it is now
-- (a moved issue's new place).
CREATE FUNCTION tracker_text_references(p_project bigint, p_text text)
RETURNS TABLE (target_project_id bigint, target_number bigint)
LANGUAGE sql STABLE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT DISTINCT coalesce(m.to_project_id, i.project_id), coalesce(m.to_number, i.number)
  FROM regexp_matches(regexp_replace(regexp_replace(p_text, '```.*?```', ' ', 'g'), '`[^`]*`', ' ', 'g'),
                      '(?<![A-Za-z0-9_./#-])([A-Za-z][A-Za-z0-9_.-]{0,39}#|[A-Z][A-Z0-9_]{0,39}-)([0-9]{1,16})(?![A-Za-z0-9_])',
                      'g') AS found (parts)
  JOIN projects p ON p.key = lower(left(found.parts[1], -1))
  LEFT JOIN moved_issues m ON m.project_id = p.id AND m.number = found.parts[2]::bigint
  LEFT JOIN all_issues i ON i.project_id = p.id AND i.number = found.parts[2]::bigint
 WHERE (m.project_id IS NOT NULL OR i.project_id IS NOT NULL)
   AND coalesce(m.to_project_id, i.project_id) <> p_project
$$;

-- Keeps a text's links as it is written: the trigger's arguments name the written rows' issue
-- column and comment column ('' for a body). A text may name another project's issue only with
-- two projects and `#N` or `-N` in it: checked once per statement, and per row before the text is
-- read closely (an import of a million rows pays one match each).
CREATE FUNCTION tracker_references_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    v_projects bigint := (SELECT count(*) FROM projects);
    v_written jsonb;
    v_comment bigint;
BEGIN
    IF TG_OP = 'UPDATE' THEN
        v_written := to_jsonb(NEW);
        v_comment := nullif(v_written ->> TG_ARGV[1], '')::bigint;
        DELETE FROM all_issue_references
         WHERE project_id = NEW.project_id AND issue_number = (v_written ->> TG_ARGV[0])::bigint
           AND comment_id IS NOT DISTINCT FROM v_comment;
        INSERT INTO all_issue_references (project_id, issue_number, comment_id, target_project_id, target_number)
        SELECT NEW.project_id, (v_written ->> TG_ARGV[0])::bigint, v_comment, r.target_project_id, r.target_number
          FROM tracker_text_references(NEW.project_id, NEW.body) r
         WHERE v_projects > 1 AND NEW.body ~ '[A-Za-z0-9_.][#-][0-9]';
    ELSIF v_projects > 1 THEN
        EXECUTE format(
            'INSERT INTO all_issue_references (project_id, issue_number, comment_id, target_project_id, target_number) '
            'SELECT n.project_id, n.%I, %s, r.target_project_id, r.target_number '
            'FROM written n CROSS JOIN LATERAL tracker_text_references(n.project_id, n.body) r '
            'WHERE n.body ~ %L',
            TG_ARGV[0], CASE WHEN TG_ARGV[1] = '' THEN 'NULL::bigint' ELSE 'n.' || quote_ident(TG_ARGV[1]) END,
            '[A-Za-z0-9_.][#-][0-9]');
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER issue_references_inserted AFTER INSERT ON all_issues
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION tracker_references_written('number', '');
CREATE TRIGGER issue_references_edited AFTER UPDATE OF body ON all_issues
    FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION tracker_references_written('number', '');
CREATE TRIGGER comment_references_inserted AFTER INSERT ON all_issue_comments
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT
    EXECUTE FUNCTION tracker_references_written('issue_number', 'id');
CREATE TRIGGER comment_references_edited AFTER UPDATE OF body ON all_issue_comments
    FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body)
    EXECUTE FUNCTION tracker_references_written('issue_number', 'id');

-- A moved issue (0022's tracker_move_issue) takes the links to it along; those from it follow
-- its keys (ON UPDATE CASCADE).
CREATE FUNCTION tracker_references_follow_move() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO all_issue_references (project_id, issue_number, comment_id, target_project_id, target_number)
    SELECT project_id, issue_number, comment_id, NEW.project_id, NEW.number
      FROM all_issue_references WHERE target_project_id = OLD.project_id AND target_number = OLD.number
        AND project_id <> NEW.project_id
    ON CONFLICT DO NOTHING;
    DELETE FROM all_issue_references WHERE target_project_id = OLD.project_id AND target_number = OLD.number;
    RETURN NULL;
END;
$$;

CREATE TRIGGER issue_references_follow_move AFTER UPDATE OF project_id, number ON all_issues
    FOR EACH ROW WHEN (OLD.project_id <> NEW.project_id OR OLD.number <> NEW.number)
    EXECUTE FUNCTION tracker_references_follow_move();

-- What `show` lists beside an issue's structure: the issues of other projects its body and
-- comments name ('references') and those whose body or comments name it ('referenced_by'), not
-- in the trash, each only when the session may read its project (until some project's levels
-- differ, anyone who may read one project may read all: 0023's tracker_readable_project_id says
-- why the level is then not read, which costs a new session ~3 ms).
CREATE FUNCTION tracker_issue_references(p_number bigint)
RETURNS TABLE (relation text, project text, number bigint, title text, state text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
WITH here AS (SELECT tracker_readable_project_id() AS id),
linked AS (
    SELECT 'references' AS relation, r.target_project_id AS project_id, r.target_number AS number
      FROM here JOIN all_issue_references r ON r.project_id = here.id AND r.issue_number = p_number
     WHERE r.comment_id IS NULL
        OR EXISTS (SELECT 1 FROM all_issue_comments c
                    WHERE c.project_id = r.project_id AND c.id = r.comment_id AND c.deleted_at IS NULL)
    UNION
    SELECT 'referenced_by', r.project_id, r.issue_number
      FROM here JOIN all_issue_references r ON r.target_project_id = here.id AND r.target_number = p_number
     WHERE r.comment_id IS NULL
        OR EXISTS (SELECT 1 FROM all_issue_comments c
                    WHERE c.project_id = r.project_id AND c.id = r.comment_id AND c.deleted_at IS NULL)
)
SELECT l.relation, p.key, i.number, i.title, i.state
  FROM linked l
  JOIN all_issues i ON i.project_id = l.project_id AND i.number = l.number AND i.deleted_at IS NULL
  JOIN projects p ON p.id = l.project_id
 WHERE NOT (SELECT bool_or(levels_differ) FROM projects) OR (tracker_level_in(p.id)).level IS NOT NULL
$$;

-- `watch --all-projects` reads each project's feed through its own index (issue_events_feed,
-- project first) in one snapshot and merges them, so 0022's index over every project's events is
-- never read: every event written paid for it.
DROP INDEX issue_events_feed_all;

-- A tracker that has several projects already: the links its texts make now.
DO $$
BEGIN
    IF (SELECT count(*) FROM projects) > 1 THEN
        INSERT INTO all_issue_references (project_id, issue_number, comment_id, target_project_id, target_number)
        SELECT i.project_id, i.number, NULL, r.target_project_id, r.target_number
          FROM all_issues i CROSS JOIN LATERAL tracker_text_references(i.project_id, i.body) r
         WHERE i.body ~ '[A-Za-z0-9_.][#-][0-9]';
        INSERT INTO all_issue_references (project_id, issue_number, comment_id, target_project_id, target_number)
        SELECT c.project_id, c.issue_number, c.id, r.target_project_id, r.target_number
          FROM all_issue_comments c CROSS JOIN LATERAL tracker_text_references(c.project_id, c.body) r
         WHERE c.body ~ '[A-Za-z0-9_.][#-][0-9]';
    END IF;
END;
$$;
