-- The schema proved inside a command's own first statement (issue 34), instead of a call of
-- tracker_schema_guard (0005) in every command's flight: that call costs a new session its first
-- reads of schema_migrations and of the levels, and its PL/pgSQL, on every command.
-- A client whose newest migration is N puts `WITH tracker_proof AS (SELECT
-- tracker.tracker_schema_writes_N())` (reads: `tracker_schema_reads_N`) in front of its first
-- statement. PostgreSQL resolves the name when it parses the statement, and never runs a SELECT in
-- WITH that nothing reads, so a present function costs a catalog look-up and a missing one fails
-- the statement before anything is read or written; the client then asks tracker_schema_guard why
-- (TS001 older, TS002 newer, TS012 a role with no level), as before.
-- The functions follow schema_migrations by this trigger, whoever writes it (the migrator, or a
-- test that records a future migration by hand): `tracker_schema_writes_N` exists only for the
-- newest version applied, `tracker_schema_reads_N` for every version applied from this one on.
-- Later migrations need do nothing for it. Like every function here they pin the search path.
CREATE FUNCTION tracker_schema_proofs() RETURNS trigger
LANGUAGE plpgsql SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    newest integer;
    proof record;
    applied integer;
BEGIN
    SELECT coalesce(max(version), 0) INTO newest FROM schema_migrations;
    FOR proof IN
        SELECT p.oid::regprocedure AS signature, (regexp_match(p.proname, '^tracker_schema_(reads|writes)_([0-9]+)$')) AS part
          FROM pg_proc p
         WHERE p.pronamespace = 'tracker'::regnamespace AND p.proname ~ '^tracker_schema_(reads|writes)_[0-9]+$'
    LOOP
        IF (proof.part[1] = 'writes' AND proof.part[2]::integer <> newest)
           OR (proof.part[1] = 'reads' AND NOT EXISTS (SELECT 1 FROM schema_migrations WHERE version = proof.part[2]::integer))
        THEN
            EXECUTE format('DROP FUNCTION %s', proof.signature);
        END IF;
    END LOOP;
    FOR applied IN SELECT version FROM schema_migrations WHERE version >= 20 LOOP
        EXECUTE format('CREATE OR REPLACE FUNCTION tracker.tracker_schema_reads_%s() RETURNS integer '
                       'LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS %L', applied, format('SELECT %s', applied));
    END LOOP;
    IF newest >= 20 THEN
        EXECUTE format('CREATE OR REPLACE FUNCTION tracker.tracker_schema_writes_%s() RETURNS integer '
                       'LANGUAGE sql IMMUTABLE SET search_path = tracker, pg_catalog, pg_temp AS %L', newest, format('SELECT %s', newest));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER schema_migrations_proofs AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schema_migrations
    FOR EACH STATEMENT EXECUTE FUNCTION tracker_schema_proofs();

-- tracker import ends with the planner's statistics of what it filled (issue 34): until autovacuum
-- visits (about a minute later) the planner has none for the new rows, and right after an import of
-- 100,000 issues `list --assignee` ran at 4.1× psql's plain list instead of 2.1×. As pg_restore's
-- users are told to, ANALYZE, here every table of the tracker, in the import's own transaction
-- (its rows are counted as they will be once it commits). maintain, as importing is; as the owner,
-- whom ANALYZE requires.
CREATE FUNCTION tracker_import_analyze() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = tracker, pg_catalog, pg_temp AS $$
DECLARE
    filled regclass;
BEGIN
    PERFORM tracker_require('maintain', 'importing');
    FOR filled IN
        SELECT c.oid::regclass FROM pg_class c WHERE c.relnamespace = 'tracker'::regnamespace AND c.relkind = 'r'
         ORDER BY c.relname
    LOOP
        EXECUTE format('ANALYZE %s', filled);
    END LOOP;
END;
$$;
