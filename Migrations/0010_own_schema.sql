-- Tracker's own schema, and no name looked up anywhere else (issue 26).
--
-- Before this migration tracker's objects lived in the migrating session's first schema, usually
-- `public`, and its statements found PostgreSQL's functions through the session's search_path.
-- On PostgreSQL 13 and 14 any role may create objects in `public`; a teammate could plant
-- `public.currval(text)`, a better match for a text argument than `pg_catalog.currval(regclass)`,
-- and it ran with the rights of the next person whose tracker called currval. So:
--   1. every table, function and text search object moves into the schema `tracker` (the
--      migrator creates it, owned by the role that migrates, with CREATE for nobody else);
--   2. tracker's sessions set search_path to `tracker, pg_catalog, pg_temp` in every transaction
--      (TrackerPostgres/TrackerSchema.swift), and every PL/pgSQL function here carries the same;
--   3. the three IMMUTABLE SQL functions behind search name every function, operator and type
--      with its schema instead: a SET clause would keep PostgreSQL from inlining them into the
--      generated columns and index expressions that call them once per row, and an inlined body
--      is read with the caller's search_path, so nothing in them may depend on it.
-- Privileges granted on the tables move with them; USAGE on the schema keeps every role that
-- could use the tables able to (the identity issue narrows it to the tracker's levels).
--
-- The migrator names where the objects are now in `tracker.legacy_schema`; unset when this
-- database was first migrated by a tracker that created them in `tracker` already.

DO $move$
DECLARE
    legacy text := nullif(pg_catalog.current_setting('tracker.legacy_schema', true), '');
    item record;
BEGIN
    IF legacy IS NULL THEN
        RETURN;
    END IF;
    FOR item IN
        SELECT kind, object FROM (VALUES
            ('TABLE', 'schema_migrations'), ('TABLE', 'users'), ('TABLE', 'issue_number_counter'),
            ('TABLE', 'issues'), ('TABLE', 'issue_assignees'), ('TABLE', 'issue_events'),
            ('TABLE', 'issue_comments'), ('TABLE', 'issue_mentions'), ('TABLE', 'labels'),
            ('TABLE', 'issue_labels'), ('TABLE', 'milestones'),
            ('FUNCTION', 'issue_assignees_added()'), ('FUNCTION', 'issue_assignees_removed()'),
            ('FUNCTION', 'milestone_issues_inserted()'), ('FUNCTION', 'milestone_issues_deleted()'),
            ('FUNCTION', 'milestone_issue_changed()'), ('FUNCTION', 'issue_events_notify()'),
            ('FUNCTION', 'tracker_schema_guard(integer, boolean)'), ('FUNCTION', 'tracker_user_id(text)'),
            ('FUNCTION', 'tracker_actor_id(text)'), ('FUNCTION', 'tracker_label_id(text)'),
            ('FUNCTION', 'tracker_milestone_number(text)'), ('FUNCTION', 'tracker_lock_issues(bigint[])'),
            ('FUNCTION', 'tracker_edit_conflict(bigint, bigint)'), ('FUNCTION', 'tracker_search_text(text)'),
            ('FUNCTION', 'tracker_search_vector(text)'), ('FUNCTION', 'tracker_search_term(text)'),
            ('TEXT SEARCH DICTIONARY', 'tracker_english_stem'), ('TEXT SEARCH CONFIGURATION', 'tracker_search')
        ) AS objects (kind, object)
    LOOP
        EXECUTE pg_catalog.format('ALTER %s %I.%s SET SCHEMA tracker', item.kind, legacy, item.object);
    END LOOP;
END;
$move$;

GRANT USAGE ON SCHEMA tracker TO PUBLIC;
-- Which migrations are applied is no secret: any role may see the schema is up to date.
GRANT SELECT ON schema_migrations TO PUBLIC;

ALTER FUNCTION issue_assignees_added() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION issue_assignees_removed() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION milestone_issues_inserted() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION milestone_issues_deleted() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION milestone_issue_changed() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION issue_events_notify() SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_schema_guard(integer, boolean) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_user_id(text) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_actor_id(text) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_label_id(text) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_milestone_number(text) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_lock_issues(bigint[]) SET search_path = tracker, pg_catalog, pg_temp;
ALTER FUNCTION tracker_edit_conflict(bigint, bigint) SET search_path = tracker, pg_catalog, pg_temp;

-- The search functions again, with the same results (0008 explains every step), every name
-- qualified. Replacing a function keeps its identity, so the generated columns and GIN indexes
-- built with the old bodies stay valid.
DO $functions$
DECLARE
    unaccent_schema text;
    unicode_case text := '';
    unspaced text := '[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3005-\u3007\u3040-\u309f\u30a0-\u30ff'
                     '\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]';
BEGIN
    SELECT pg_catalog.quote_ident(n.nspname) INTO unaccent_schema
      FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'unaccent';
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_collation
                WHERE collname = 'und-x-icu' AND collnamespace = 'pg_catalog'::pg_catalog.regnamespace) THEN
        unicode_case := ' COLLATE pg_catalog."und-x-icu"';
    END IF;

    EXECUTE pg_catalog.format($function$
        CREATE OR REPLACE FUNCTION tracker.tracker_search_text(t text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
        SELECT CASE WHEN t OPERATOR(pg_catalog.!~) '[^\x01-\x7f]' THEN t ELSE
            pg_catalog.regexp_replace(
                pg_catalog.regexp_replace(
                    pg_catalog.translate(
                        %1$s.unaccent(%2$L::pg_catalog.regdictionary,
                            pg_catalog.regexp_replace(pg_catalog.lower(normalize(t, NFKC)%3$s),
                                                      '(?![\x01-\x7f])[[:punct:][:space:]]', ' ', 'g')),
                        'ς', 'σ'),
                    '(%4$s+)', ' \1 ', 'g'),
                '(?<=%4$s)(%4$s)', '\1 \1', 'g')
        END
        $body$
        $function$, unaccent_schema, unaccent_schema || '.unaccent', unicode_case, unspaced);

    CREATE OR REPLACE FUNCTION tracker.tracker_search_vector(t text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
    SELECT pg_catalog.to_tsvector('tracker.tracker_search'::pg_catalog.regconfig, tracker.tracker_search_text(t))
    $body$;

    EXECUTE pg_catalog.format($function$
        CREATE OR REPLACE FUNCTION tracker.tracker_search_term(term text) RETURNS tsquery
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
        SELECT pg_catalog.regexp_replace(
                   pg_catalog.regexp_replace(
                       pg_catalog.phraseto_tsquery('tracker.tracker_search'::pg_catalog.regconfig,
                                                   tracker.tracker_search_text(term))::pg_catalog.text,
                       '''(%1$s)''', '''\1'':*', 'g'),
                   '(%1$s)'' <-> ''\1'':\*$', '\1''')::pg_catalog.tsquery
        $body$
        $function$, unspaced);
END;
$functions$;
