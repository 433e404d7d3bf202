-- Live: every change that writes a timeline event tells the listeners (`tracker watch`, the live
-- screens) in its own transaction, so a rolled-back change tells nobody; and the events can be
-- read back in an order that no mix of concurrent writers can break.

-- 1. The transaction that wrote each event. Event ids come from a sequence, so they are not in
--    commit order: transaction A takes id 10, B takes id 11 and commits first, and a reader
--    that saw 11 and then asks for ids above 11 misses 10 forever. A reader therefore hands
--    out only events whose transaction is older than every transaction still running that
--    could write here (the horizon: see TrackerPostgres/ChangeFeedQueries.swift): that set is
--    final, so the position (xact, id) of the last event handed out is a cursor that misses
--    nothing and repeats nothing. The column is added without a default first, so the table
--    is not rewritten; events written before this migration have none and read as
--    transaction 0 (before all others).
ALTER TABLE issue_events ADD COLUMN xact xid8;
ALTER TABLE issue_events ALTER COLUMN xact SET DEFAULT pg_current_xact_id();
-- The catch-up read: events after a position, in (xact, id) order.
CREATE INDEX issue_events_feed ON issue_events ((coalesce(xact, '0'::xid8)), id);

-- 2. One notification per statement that writes events (an import's COPY of a million events
--    sends one), sent at COMMIT and never after a ROLLBACK. The payload is the writing
--    transaction's id only: listeners read what changed with the cursor above. PostgreSQL folds
--    identical notifications of one transaction, so a change of several statements sends one.
CREATE FUNCTION issue_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM new_events) THEN
        PERFORM pg_notify('tracker_events', pg_current_xact_id()::text);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER issue_events_notify
    AFTER INSERT ON issue_events REFERENCING NEW TABLE AS new_events
    FOR EACH STATEMENT EXECUTE FUNCTION issue_events_notify();
