-- One rule for text shown on one line (issue 26): no C0 or C1 control character, and no
-- bidirectional embedding, override or isolate control (U+202A-U+202E, U+2066-U+2069), which makes
-- the text around it display in another order than it is stored. tracker refuses both
-- (TrackerCore's TextRules.isControl); the schema now refuses them too, in every one-line column,
-- including people's names and the names the timeline keeps, which had no rule: a row written by
-- SQL with an escape in a user's name stopped `users list`, `show` and every `watch`.
--
-- Repair: such characters in existing rows become U+FFFD (a label or milestone whose repaired
-- name is taken gets a number after it).

CREATE FUNCTION tracker_plain(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = tracker, pg_catalog, pg_temp AS $$
SELECT pg_catalog.regexp_replace(t, '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', U&'\FFFD', 'g')
$$;

DO $repair$
DECLARE
    item record;
    wanted text;
    suffix int;
BEGIN
    UPDATE users SET name = tracker_plain(name) WHERE name <> tracker_plain(name);
    UPDATE issues SET title = tracker_plain(title) WHERE title <> tracker_plain(title);
    UPDATE issue_events
       SET label_name = tracker_plain(label_name), milestone_title = tracker_plain(milestone_title),
           previous_title = tracker_plain(previous_title), current_title = tracker_plain(current_title)
     WHERE label_name <> tracker_plain(label_name) OR milestone_title <> tracker_plain(milestone_title)
        OR previous_title <> tracker_plain(previous_title) OR current_title <> tracker_plain(current_title);
    UPDATE labels SET description = tracker_plain(description) WHERE description <> tracker_plain(description);
    FOR item IN SELECT id, name FROM labels WHERE name <> tracker_plain(name) ORDER BY id LOOP
        wanted := tracker_plain(item.name);
        suffix := 1;
        WHILE EXISTS (SELECT 1 FROM labels WHERE lower(name) = lower(wanted) AND id <> item.id) LOOP
            suffix := suffix + 1;
            wanted := left(tracker_plain(item.name), 50 - length(suffix::text) - 1) || ' ' || suffix;
        END LOOP;
        UPDATE labels SET name = wanted WHERE id = item.id;
    END LOOP;
    FOR item IN SELECT number, title FROM milestones WHERE title <> tracker_plain(title) ORDER BY number LOOP
        wanted := tracker_plain(item.title);
        suffix := 1;
        WHILE EXISTS (SELECT 1 FROM milestones WHERE lower(title) = lower(wanted) AND number <> item.number) LOOP
            suffix := suffix + 1;
            wanted := left(tracker_plain(item.title), 256 - length(suffix::text) - 1) || ' ' || suffix;
        END LOOP;
        UPDATE milestones SET title = wanted WHERE number = item.number;
    END LOOP;
END;
$repair$;

DROP FUNCTION tracker_plain(text);

ALTER TABLE users
    ADD CONSTRAINT users_name_plain CHECK (name !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]');
ALTER TABLE issues
    DROP CONSTRAINT issues_title_no_control,
    ADD CONSTRAINT issues_title_no_control CHECK (title !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]');
ALTER TABLE labels
    DROP CONSTRAINT labels_name_plain,
    ADD CONSTRAINT labels_name_plain
        CHECK (name !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]' AND name = btrim(name)),
    DROP CONSTRAINT labels_description_plain,
    ADD CONSTRAINT labels_description_plain CHECK (description !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]');
ALTER TABLE milestones
    DROP CONSTRAINT milestones_title_plain,
    ADD CONSTRAINT milestones_title_plain
        CHECK (title !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]' AND title = btrim(title));
ALTER TABLE issue_events
    ADD CONSTRAINT issue_events_names_plain
        CHECK (label_name !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
               AND milestone_title !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
               AND previous_title !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
               AND current_title !~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]');
