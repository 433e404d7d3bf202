-- Issue 30 item 5: `tracker milestone show` (a burndown) and `tracker report` (opened and closed
-- per week), both read from the timeline (ProgressQueries.swift), each by one statement.
--
-- 1. The issues ever put in a milestone are found by the title their `milestoned` events keep
--    (as it was then, ignoring case); without this index that is a scan of every event. The issue
--    numbers ride in the index, so finding a milestone's 30,000 issues reads no event rows.
CREATE INDEX issue_events_milestoned ON issue_events (lower(milestone_title)) INCLUDE (issue_number)
    WHERE kind = 'milestoned';

-- 2. The report reads the `created` and `closed` events of the last twelve weeks: a range of this
--    index, where without it every event is read.
CREATE INDEX issue_events_opened_closed ON issue_events (created_at) WHERE kind IN ('created', 'closed');
