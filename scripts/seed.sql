-- Deterministic benchmark data: 1,000 users and N issues (70% closed) with 0–3 assignees each,
-- titles and bodies from a 1,000-word list (one body in 100 ends in a sentence of Japanese,
-- French, Russian, Chinese or Greek, for the search in any language), 0–3 comments each (one
-- in five starting with an @mention of a user, recorded in issue_mentions as tracker would),
-- and the events each issue and comment would have. 30 labels (0–3 per issue) and 20 milestones (three in five issues
-- in one; their counts kept by the schema's triggers).
-- Set the size first: SET tracker.seed_size = '10000'; then run this file (psql -f, or as one
-- string through libpq). Pseudo-random choices come from hashint8, so every run is the same.
BEGIN;
SET LOCAL search_path = tracker, pg_catalog, pg_temp;

CREATE TEMP TABLE seed_words ON COMMIT DROP AS
SELECT array_agg(a || b || c ORDER BY a, b, c) AS words
  FROM unnest(ARRAY['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'si', 'to', 'vu', 'ze']) a,
       unnest(ARRAY['bar', 'cen', 'dil', 'fom', 'gus', 'hap', 'jet', 'kin', 'lum', 'nor']) b,
       unnest(ARRAY['a', 'e', 'i', 'o', 'u', 'an', 'en', 'on', 'ix', 'or']) c;

INSERT INTO users (login, name)
SELECT 'user' || g, 'User ' || g FROM generate_series(1, 1000) g
ON CONFLICT DO NOTHING;

CREATE TEMP TABLE seed_users ON COMMIT DROP AS
SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE login ~ '^user[0-9]+$';

INSERT INTO labels (name, color, description)
SELECT 'label' || g, lpad(to_hex((hashint8(g) & 16777215)::int), 6, '0'), 'Seeded label ' || g
  FROM generate_series(1, 30) g
ON CONFLICT DO NOTHING;

INSERT INTO milestones (number, title, description, due_on)
SELECT (SELECT last_value FROM id_counters WHERE name = 'milestone') + g, 'Milestone ' || g, 'Seeded milestone ' || g,
       timestamptz '2020-01-01 00:00:00+00' + g * interval '30 days'
  FROM generate_series(1, 20) g
ON CONFLICT DO NOTHING;
UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(number) FROM milestones)) WHERE name = 'milestone';

CREATE TEMP TABLE seed_organization ON COMMIT DROP AS
SELECT (SELECT array_agg(id ORDER BY id) FROM labels WHERE name ~ '^label[0-9]+$') AS labels,
       (SELECT array_agg(number ORDER BY number) FROM milestones WHERE title ~ '^Milestone [0-9]+$') AS milestones;

CREATE TEMP TABLE seed_issues ON COMMIT DROP AS
SELECT g AS n,
       (SELECT last_number FROM issue_number_counter) + g AS number,
       (hashint8(g) & 2147483647) AS h,
       timestamptz '2020-01-01 00:00:00+00' + g * interval '37 seconds' AS created_at
  FROM generate_series(1, current_setting('tracker.seed_size')::int) g;

INSERT INTO issues (number, title, body, state, state_reason, author_id, created_at, updated_at, closed_at,
                    milestone_number)
SELECT s.number,
       initcap((SELECT string_agg(w.words[1 + (hashint8(s.n * 31 + k) & 2147483647) % 1000], ' ')
                  FROM generate_series(1, 3 + s.h % 5) k)),
       (SELECT string_agg(w.words[1 + (hashint8(s.n * 57 + k) & 2147483647) % 1000], ' ')
          FROM generate_series(1, 10 + s.h % 20) k)
       || CASE WHEN s.h % 100 = 7 THEN ' ' || (ARRAY['ログイン失敗 パスワードが空のとき', 'Le café crème a planté',
                                                   'Ошибка входа: неверный пароль', '登录失败，请重试',
                                                   'Η σύνδεση απέτυχε στο καφέ'])[1 + (s.h / 100) % 5]
               ELSE '' END,
       CASE WHEN s.h % 10 < 7 THEN 'closed' ELSE 'open' END,
       CASE WHEN s.h % 10 < 6 THEN 'completed' WHEN s.h % 10 < 7 THEN 'not_planned' END,
       u.ids[1 + s.h % 1000],
       s.created_at,
       s.created_at + (s.h % 5000) * interval '1 minute',
       CASE WHEN s.h % 10 < 7 THEN s.created_at + (s.h % 5000) * interval '1 minute' END,
       CASE WHEN (s.h / 11) % 5 < 3 THEN o.milestones[1 + (s.h / 13) % 20] END
  FROM seed_issues s, seed_words w, seed_users u, seed_organization o;

INSERT INTO issue_labels (label_id, issue_number)
SELECT o.labels[1 + (hashint8(s.n * 29 + k) & 2147483647) % 30], s.number
  FROM seed_issues s, seed_organization o, generate_series(1, 3) k
 WHERE k <= (s.h / 3) % 4
ON CONFLICT DO NOTHING;

INSERT INTO issue_assignees (issue_number, user_id, assigned_at)
SELECT s.number, u.ids[1 + (hashint8(s.n * 13 + k) & 2147483647) % 1000], s.created_at
  FROM seed_issues s, seed_users u, generate_series(1, 3) k
 WHERE k <= s.h % 4
ON CONFLICT DO NOTHING;

INSERT INTO issue_events (issue_number, kind, actor_id, subject_user_id, state_reason, created_at)
SELECT i.number, 'created', i.author_id, NULL, NULL, i.created_at
  FROM issues i JOIN seed_issues s ON s.number = i.number
UNION ALL
SELECT a.issue_number, 'assigned', i.author_id, a.user_id, NULL, a.assigned_at
  FROM issue_assignees a JOIN issues i ON i.number = a.issue_number JOIN seed_issues s ON s.number = i.number
UNION ALL
SELECT i.number, 'closed', i.author_id, NULL, i.state_reason, i.closed_at
  FROM issues i JOIN seed_issues s ON s.number = i.number WHERE i.state = 'closed';

INSERT INTO issue_events (issue_number, kind, actor_id, label_name, milestone_title, created_at)
SELECT i.number, 'labeled', i.author_id, l.name, NULL, i.created_at
  FROM issue_labels il JOIN labels l ON l.id = il.label_id JOIN issues i ON i.number = il.issue_number
  JOIN seed_issues s ON s.number = i.number
UNION ALL
SELECT i.number, 'milestoned', i.author_id, NULL, m.title, i.created_at
  FROM issues i JOIN milestones m ON m.number = i.milestone_number JOIN seed_issues s ON s.number = i.number;

CREATE TEMP TABLE seed_comments ON COMMIT DROP AS
SELECT (SELECT last_value FROM id_counters WHERE name = 'comment') + row_number() OVER (ORDER BY s.number, k) AS id,
       s.number, s.created_at + k * interval '7 minutes' AS created_at, i.author_id,
       u.ids[1 + (hashint8(s.n * 17 + k) & 2147483647) % 1000] AS commenter,
       CASE WHEN (hashint8(s.n * 19 + k) & 2147483647) % 5 = 0
            THEN u.ids[1 + (hashint8(s.n * 23 + k) & 2147483647) % 1000] END AS mentioned,
       (SELECT string_agg(w.words[1 + (hashint8(s.n * 71 + k * 7 + j) & 2147483647) % 1000], ' ')
          FROM generate_series(1, 5 + (s.h + k) % 15) j) AS words
  FROM seed_issues s JOIN issues i ON i.number = s.number, seed_users u, seed_words w, generate_series(1, 3) k
 WHERE k <= (s.h / 7) % 4;

WITH inserted AS (
    INSERT INTO issue_comments (id, issue_number, author_id, body, created_at, updated_at)
    SELECT c.id, c.number, c.commenter,
           coalesce('@' || (SELECT login FROM users WHERE id = c.mentioned) || ' ', '') || c.words,
           c.created_at, c.created_at
      FROM seed_comments c
    RETURNING id, issue_number, author_id, created_at
), mentions AS (
    INSERT INTO issue_mentions (issue_number, user_id, comment_id)
    SELECT i.issue_number, c.mentioned, i.id
      FROM inserted i JOIN seed_comments c ON c.number = i.issue_number AND c.created_at = i.created_at
     WHERE c.mentioned IS NOT NULL
)
INSERT INTO issue_events (issue_number, kind, actor_id, comment_id, created_at)
SELECT issue_number, 'commented', author_id, id, created_at FROM inserted;

UPDATE issue_number_counter SET last_number = last_number + current_setting('tracker.seed_size')::int;
UPDATE id_counters SET last_value = greatest(last_value, (SELECT max(id) FROM issue_comments)) WHERE name = 'comment';

COMMIT;
ANALYZE;
