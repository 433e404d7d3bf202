-- Counters that roll back with the change that moved them, and room after what an import keeps
-- (issue 26).
--
-- Comment ids and milestone numbers came from sequences, and a sequence is not transactional:
-- an import that set the milestone sequence to its file's 2147483647 and was then refused left
-- it there, so every later `milestone create` failed on a tracker with no milestones, and an
-- imported comment id of 2^53 - 1 stopped every later comment. Both now come from a row of
-- id_counters, moved inside the transaction that uses the value (as issue_number_counter gives
-- issue numbers), so a refused change moves nothing. And, as for issue numbers, an import keeps
-- only values up to 2^31 - 1 (gh's) while new ones may go up to 2^53 - 1: there is always room.

CREATE TABLE id_counters (
    name        text PRIMARY KEY CONSTRAINT id_counters_name_known CHECK (name IN ('comment', 'milestone')),
    last_value  bigint NOT NULL
                CONSTRAINT id_counters_last_value_range CHECK (last_value BETWEEN 0 AND 9007199254740991)
);

ALTER TABLE milestones ALTER COLUMN number DROP IDENTITY;
ALTER TABLE milestones
    DROP CONSTRAINT milestones_number_range,
    ADD CONSTRAINT milestones_number_range CHECK (number BETWEEN 1 AND 9007199254740991);
ALTER TABLE issue_comments ALTER COLUMN id DROP IDENTITY;

-- Repair: comment ids above 2^31 - 1 can only have come from an import that kept them; they get
-- the next ids after the others, in their order, and the timeline and mentions follow.
ALTER TABLE issue_mentions
    DROP CONSTRAINT issue_mentions_comment_id_fkey,
    ADD CONSTRAINT issue_mentions_comment_id_fkey FOREIGN KEY (comment_id)
        REFERENCES issue_comments (id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE TEMPORARY TABLE renumbered_comments ON COMMIT DROP AS
SELECT c.id AS old_id,
       (SELECT coalesce(max(id), 0) FROM issue_comments WHERE id <= 2147483647)
           + row_number() OVER (ORDER BY c.id) AS new_id
  FROM issue_comments c WHERE c.id > 2147483647;
UPDATE issue_comments c SET id = r.new_id FROM renumbered_comments r WHERE c.id = r.old_id;
UPDATE issue_events e SET comment_id = r.new_id FROM renumbered_comments r WHERE e.comment_id = r.old_id;

INSERT INTO id_counters (name, last_value)
VALUES ('comment', (SELECT coalesce(max(id), 0) FROM issue_comments)),
       ('milestone', (SELECT coalesce(max(number), 0) FROM milestones));
