-- `tracker edit` in one flight (issue 13). The statement that saves an issue's title and body
-- compares the version the person read with the issue's own; when someone else changed the
-- text since, that statement must refuse the whole edit, including the statements queued behind
-- it in the same flight (assignees, labels, milestone). Plain SQL cannot raise an error, so the
-- statement calls this function, which always raises: TS008, the issue's number as DETAIL. The
-- client then reads the issue as it is now to say what changed.
CREATE FUNCTION tracker_edit_conflict(issue bigint, read_version bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'issue #% was edited since version %', issue, read_version
        USING ERRCODE = 'TS008', DETAIL = issue::text;
END;
$$;
