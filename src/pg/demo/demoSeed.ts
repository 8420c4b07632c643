/**
 * A small, deterministic seed for the demo schema: the same rows on every run (no random()), so
 * golden tests can rely on them. Sizes scale with `users`; each step is one INSERT … SELECT.
 */
export interface DemoSeedSize {
  readonly users: number;
  readonly postsPerUser: number;
  readonly commentsPerPost: number;
  readonly tags: number;
}

export const DEMO_SIZE: DemoSeedSize = { users: 20, postsPerUser: 5, commentsPerPost: 3, tags: 8 };

const FIRST = `ARRAY['Ada','Alan','Grace','Edsger','Barbara','Donald','Frances','Ken','Margaret','Dennis']`;
const LAST = `ARRAY['Lovelace','Turing','Hopper','Dijkstra','Liskov','Knuth','Allen','Thompson','Hamilton','Ritchie']`;
const TAGS = `ARRAY['postgres','graphql','typescript','performance','sql','design','testing','json']`;

export function demoSeed(
  size: DemoSeedSize = DEMO_SIZE,
): ReadonlyArray<{ step: string; sql: string }> {
  const { users, postsPerUser, commentsPerPost, tags } = checked(size);
  const posts = users * postsPerUser;
  return [
    {
      step: 'users',
      sql: `INSERT INTO users (username, full_name, email, external_id, birthday, score, created_at)
        SELECT lower((${FIRST})[1 + i % 10]) || i,
               CASE WHEN i % 7 = 0 THEN NULL ELSE (${FIRST})[1 + i % 10] || ' ' || (${LAST})[1 + (i / 10) % 10] END,
               lower((${FIRST})[1 + i % 10]) || i || '@example.com',
               md5('user' || i)::uuid,
               CASE WHEN i % 5 = 0 THEN NULL ELSE date '1970-01-01' + (i * 397) % 15000 END,
               CASE WHEN i % 4 = 0 THEN NULL ELSE (i * 37 % 100) / 4.0 END,
               timestamptz '2024-01-01 00:00:00+00' + i * interval '1 day 3 hours'
        FROM generate_series(1, ${users}) AS i`,
    },
    {
      step: 'posts',
      sql: `INSERT INTO posts (author_id, title, content, status, views, rating, published_at, metadata, labels)
        SELECT 1 + (i - 1) / ${postsPerUser},
               'Post ' || i || ' about ' || (${TAGS})[1 + i % 8],
               CASE WHEN i % 6 = 0 THEN NULL ELSE 'Body of post ' || i || '.' END,
               (ARRAY['draft','published','published','archived'])[1 + i % 4]::post_status,
               (i::bigint * 7919) % 100000 + CASE WHEN i % 10 = 0 THEN 9007199254740993 ELSE 0 END,
               CASE WHEN i % 3 = 0 THEN NULL ELSE round(((i * 13) % 500) / 100.0, 2) END,
               CASE WHEN i % 4 IN (1, 2) THEN timestamptz '2024-02-01 12:00:00+00' + i * interval '5 hours' END,
               CASE WHEN i % 5 = 0 THEN NULL ELSE jsonb_build_object('words', i * 11, 'featured', i % 2 = 0) END,
               ARRAY[(${TAGS})[1 + i % 8], 'n' || (i % 3)]
        FROM generate_series(1, ${posts}) AS i`,
    },
    {
      step: 'comments',
      sql: `INSERT INTO comments (post_id, author_id, content, created_at)
        SELECT 1 + (i - 1) / ${commentsPerPost},
               1 + (i * 7) % ${users},
               'Comment ' || i,
               timestamptz '2024-03-01 00:00:00+00' + i * interval '17 minutes'
        FROM generate_series(1, ${posts * commentsPerPost}) AS i`,
    },
    {
      step: 'tags',
      sql: `INSERT INTO tags (name)
        SELECT CASE WHEN i <= 8 THEN (${TAGS})[i] ELSE 'tag' || i END FROM generate_series(1, ${tags}) AS i`,
    },
    {
      step: 'post tags',
      sql: `INSERT INTO post_tags (post_id, tag_id)
        SELECT p, t FROM generate_series(1, ${posts}) AS p,
          LATERAL (SELECT DISTINCT 1 + (p * k) % ${tags} AS t FROM generate_series(1, 1 + p % 3) AS k) AS x`,
    },
  ];
}

// The sizes are written into the SQL text, so they must be plain positive integers.
function checked(size: DemoSeedSize): DemoSeedSize {
  for (const [key, n] of Object.entries(size)) {
    if (!Number.isSafeInteger(n) || n < 1)
      throw new Error(`Demo size ${key} must be a positive integer`);
  }
  return size;
}
