-- Search in any language (issue 14): `tracker list --search` finds words of every script, ignores
-- case and accents (`cafe` finds `CAFÉ`), finds a part of a text written without spaces
-- (`ログイン` in `ログイン失敗`), and keeps English stemming (`crashing` finds `crashes`).
--
-- Why not simply to_tsvector('english' or 'simple', …): in a database with the C locale (the
-- private cluster, the tests, many servers) PostgreSQL's text search lower-cases ASCII only
-- (`CAFÉ` stays `cafÉ`, `ПРИВЕТ` stays upper case) and reads a whole run of Japanese or Chinese
-- as one word (`ログイン失敗` is one lexeme, so `ログイン` never matches). pg_trgm does not help
-- there either: in the C locale it drops every non-ASCII letter (`show_trgm('ログイン失敗 café')`
-- gives only `caf`). So the text is first rewritten by an IMMUTABLE function,
-- tracker_search_text, that does the same in every locale:
--   1. NFKC (full-width `ＡＢＣ` and half-width `ｶﾀｶﾅ` become `ABC`, `カタカナ`; ligatures split);
--   2. lower case by Unicode's rules (ICU's root locale when the server has ICU; otherwise the
--      database's own rules, which in the C locale cover ASCII only);
--   3. non-ASCII punctuation and spaces become spaces (`“quoted”`, `«café»`, `、。`, U+3000),
--      since the C locale's parser takes every non-ASCII character for a letter; ASCII
--      punctuation is left to the parser, exactly as for a text that is all ASCII;
--   4. unaccent (`é` → `e`, `ß` → `ss`, `ё` → `е`), and the final sigma `ς` → `σ`;
--   5. a run of characters from scripts written without spaces (Han, kana, Hangul, Thai, Lao,
--      Khmer, Myanmar) becomes overlapping bigrams followed by its last character alone:
--      `ログイン失敗` → `ログ グイ イン ン失 失敗 敗`. Every character starts exactly one token, in
--      order, so a run in a query is the phrase of its bigrams (tracker_search_term), and a
--      single character is a prefix (`失:*` matches `失敗`, and `敗` at the end of a run).
--      Bigrams rather than single characters: a posting list per pair of characters is far
--      shorter than one per character (`の` is in nearly every Japanese text), and a
--      two-character word, the most common length, needs no phrase check at all.
-- A text that is all ASCII is returned as it is (step 1–5 change nothing the parser would
-- not), which keeps the cost of indexing English text at that of the old 'english' index.
--
-- The words are then read by tracker_search: PostgreSQL's 'english' configuration whose stemmer
-- keeps stop words (`the`, `is`, `or` are searchable words; a phrase keeps them), so no word of a
-- search is dropped except one longer than the index can hold (2,047 bytes).
--
-- The functions name everything they use with its schema (unaccent's dictionary included), so a
-- different search_path cannot change what an index holds. unaccent(regdictionary, text) is only
-- STABLE (someone could edit the dictionary); it is declared IMMUTABLE here as PostgreSQL's
-- documentation suggests for indexes. An ICU or PostgreSQL upgrade that changes case or NFKC
-- rules for some character would call for REINDEX, as it does for ICU-collated indexes.
--
-- unaccent is a trusted extension (PostgreSQL 13+): a user with CREATE on the database may
-- create it. Elsewhere the database's owner runs `CREATE EXTENSION unaccent;` once, in any
-- schema, before `tracker migrate` (README, "Use an existing database").

CREATE TEXT SEARCH DICTIONARY tracker_english_stem (TEMPLATE = pg_catalog.snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION tracker_search (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION tracker_search ALTER MAPPING REPLACE pg_catalog.english_stem WITH tracker_english_stem;

DO $migration$
DECLARE
    here text := quote_ident(current_schema());
    unaccent_schema text;
    unicode_case text := '';
    -- Scripts written without spaces between words (see step 5 above); the in-memory
    -- repository of the tests keeps the same list (TrackerTestSupport/SearchText+InMemory.swift).
    unspaced text := '[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3005-\u3007\u3040-\u309f\u30a0-\u30ff'
                     '\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]';
BEGIN
    IF current_setting('server_encoding') <> 'UTF8' THEN
        RAISE EXCEPTION 'tracker needs a UTF8 database for its search; this one is %', current_setting('server_encoding')
            USING DETAIL = 'create a database WITH ENCODING ''UTF8'' and move the issues with tracker export and import';
    END IF;
    BEGIN
        CREATE EXTENSION IF NOT EXISTS unaccent;
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE EXCEPTION 'tracker may not create the unaccent extension in this database'
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = 'ask the database owner to run CREATE EXTENSION unaccent; in it, then run tracker migrate again';
    END;
    SELECT quote_ident(n.nspname) INTO unaccent_schema
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
    IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu' AND collnamespace = 'pg_catalog'::regnamespace) THEN
        unicode_case := ' COLLATE pg_catalog."und-x-icu"';
    END IF;

    EXECUTE format($function$
        CREATE FUNCTION tracker_search_text(t text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
        SELECT CASE WHEN t !~ '[^\x01-\x7f]' THEN t ELSE
            regexp_replace(
                regexp_replace(
                    translate(
                        %1$s.unaccent(%2$L::regdictionary,
                            regexp_replace(lower(normalize(t, NFKC)%3$s), '(?![\x01-\x7f])[[:punct:][:space:]]', ' ', 'g')),
                        'ς', 'σ'),
                    '(%4$s+)', ' \1 ', 'g'),
                '(?<=%4$s)(%4$s)', '\1 \1', 'g')
        END
        $body$
        $function$, unaccent_schema, unaccent_schema || '.unaccent', unicode_case, unspaced);

    EXECUTE format($function$
        CREATE FUNCTION tracker_search_vector(t text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
        SELECT to_tsvector(%1$L::regconfig, %2$s.tracker_search_text(t))
        $body$
        $function$, here || '.tracker_search', here);

    -- One word or "quoted phrase" of a search as a query: the phrase of its words, where a
    -- run's last character alone is a prefix (`失:*`), left out after a bigram that ends the
    -- term (`ログイン` needs no `ン:*` after `イン`). Empty when the term holds no word.
    EXECUTE format($function$
        CREATE FUNCTION tracker_search_term(term text) RETURNS tsquery
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
        SELECT regexp_replace(
                   regexp_replace(phraseto_tsquery(%1$L::regconfig, %2$s.tracker_search_text(term))::text,
                                  '''(%3$s)''', '''\1'':*', 'g'),
                   '(%3$s)'' <-> ''\1'':\*$', '\1''')::tsquery
        $body$
        $function$, here || '.tracker_search', here, unspaced);
END;
$migration$;

-- Each text's words are stored beside it (a generated column), not only in the index: GIN keeps
-- no word positions, so every row it finds for a phrase (or a word of three or more characters
-- in an unspaced script) is checked again against the words, and an excluded term is checked on
-- each listed issue. Read from the column, that check costs microseconds; recomputed from the
-- text it cost about 0.1 ms a row (measured: 201 matches of ログイン in 100,000 issues, 19 ms
-- against 0.6 ms), which at a million issues made such a search grow with its matches. The price
-- is the table's size (about 380 bytes more per seeded issue) and a rewrite of both tables here.
-- Nothing else reads the old English indexes (only the list's search did).
DROP INDEX issues_search;
DROP INDEX issue_comments_search;
ALTER TABLE issues ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (tracker_search_vector(title || ' ' || body)) STORED;
ALTER TABLE issue_comments ADD COLUMN search_words tsvector GENERATED ALWAYS AS (tracker_search_vector(body)) STORED;
CREATE INDEX issues_search_words ON issues USING gin (search_words);
CREATE INDEX issue_comments_search_words ON issue_comments USING gin (search_words);
