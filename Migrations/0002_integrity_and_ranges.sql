-- Integrity that no client setting can switch off, and ranges that both PostgreSQL and tracker
-- can hold, with the repairs that data written before this migration may need.

-- 1. The assignee count is kept by the triggers alone. 0001 let any session skip them with
--    `SET tracker.bulk_import = 'on'` (or PGOPTIONS), so counts could drift and the limit of
--    10 could be passed; the function no longer reads any setting.
CREATE OR REPLACE FUNCTION issue_assignees_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE issues i SET assignee_count = i.assignee_count + added.n
      FROM (SELECT issue_number, count(*) AS n FROM new_rows GROUP BY issue_number) added
     WHERE i.number = added.issue_number;
    RETURN NULL;
END;
$$;

-- Repair: an issue that was given more than 10 assignees keeps the first 10 (by assignment
-- time, then user id); the others are unassigned, recorded on its timeline with the issue's
-- author as the actor. Then every count is recomputed from the rows themselves.
ALTER TABLE issue_assignees DISABLE TRIGGER issue_assignees_removed;
WITH ranked AS (
    SELECT issue_number, user_id,
           row_number() OVER (PARTITION BY issue_number ORDER BY assigned_at, user_id) AS position
      FROM issue_assignees
), excess AS (
    DELETE FROM issue_assignees a USING ranked r
     WHERE a.issue_number = r.issue_number AND a.user_id = r.user_id AND r.position > 10
    RETURNING a.issue_number, a.user_id
)
INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, created_at)
SELECT e.issue_number, 'unassigned', i.author_id, e.user_id, now()
  FROM excess e JOIN issues i ON i.number = e.issue_number;
ALTER TABLE issue_assignees ENABLE TRIGGER issue_assignees_removed;

UPDATE issues i SET assignee_count = actual.n
  FROM (SELECT issues.number, count(a.user_id) AS n
          FROM issues LEFT JOIN issue_assignees a ON a.issue_number = issues.number
         GROUP BY issues.number) actual
 WHERE i.number = actual.number AND i.assignee_count <> actual.n;

-- 2. Issue numbers go up to 2^53 - 1 (exact in every JSON reader); an import keeps numbers up
--    to 2^31 - 1 (gh's), so there is always room to create. References follow a renumbered
--    issue, so numbers above the ceiling (from imports before this migration) can be repaired:
--    they get the next free numbers, in creation order.
ALTER TABLE issue_assignees
    DROP CONSTRAINT issue_assignees_issue_number_fkey,
    ADD CONSTRAINT issue_assignees_issue_number_fkey FOREIGN KEY (issue_number)
        REFERENCES issues (number) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE issue_events
    DROP CONSTRAINT issue_events_issue_number_fkey,
    ADD CONSTRAINT issue_events_issue_number_fkey FOREIGN KEY (issue_number)
        REFERENCES issues (number) ON DELETE CASCADE ON UPDATE CASCADE;

WITH top AS (
    SELECT coalesce(max(number), 0) AS number FROM issues WHERE number <= 9007199254740991
), moved AS (
    SELECT number, row_number() OVER (ORDER BY created_at, number) AS position
      FROM issues WHERE number > 9007199254740991
)
UPDATE issues i SET number = top.number + moved.position
  FROM top, moved
 WHERE i.number = moved.number;

UPDATE issue_number_counter
   SET last_number = (SELECT coalesce(max(number), 0) FROM issues)
 WHERE last_number > 9007199254740991;

ALTER TABLE issues
    ADD CONSTRAINT issues_number_range CHECK (number <= 9007199254740991);
ALTER TABLE issue_number_counter
    ADD CONSTRAINT issue_number_counter_range CHECK (last_number BETWEEN 0 AND 9007199254740991);

-- 3. Every stored time lies in years 0001-9999 UTC, what ISO-8601 text and tracker can carry.
--    Times outside (imported before this migration) are moved to the nearest end.
DO $$
DECLARE
    target record;
BEGIN
    FOR target IN
        SELECT * FROM (VALUES ('users', 'created_at'), ('issues', 'created_at'), ('issues', 'updated_at'),
                              ('issues', 'closed_at'), ('issue_assignees', 'assigned_at'),
                              ('issue_events', 'created_at')) AS t (table_name, column_name)
    LOOP
        EXECUTE format(
            $sql$
            UPDATE %1$I SET %2$I = CASE WHEN extract(epoch FROM %2$I) < -62135596800
                                        THEN timestamptz '0001-01-01 00:00:00+00'
                                        ELSE timestamptz '9999-12-31 23:59:59.999999+00' END
             WHERE NOT (extract(epoch FROM %2$I) BETWEEN -62135596800 AND 253402300799.999999);
            ALTER TABLE %1$I ADD CONSTRAINT %3$I
                CHECK (extract(epoch FROM %2$I) BETWEEN -62135596800 AND 253402300799.999999);
            $sql$,
            target.table_name, target.column_name, target.table_name || '_' || target.column_name || '_range');
    END LOOP;
END;
$$;
