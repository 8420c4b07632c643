// The benchmark operations (VelocityBench's Q1, Q2 and Q3, and a connection page), as each
// contender spells them, and the hand-written SQL of the practical-limit endpoint.
//
// Every contender must answer with the same data: same root key, same keys in the same
// order, same values. PostGraphile names things its own way (allUsersList, postsByAuthorIdList,
// rowId, ...), so its documents use aliases to produce exactly the shape of the others; the run
// compares the parsed-and-restringified responses (key order included) before it loads anyone.
// Order is by primary key at every level, the default order of Sluice's reflection.

const Q1 = '{ users(limit: 50) { id username fullName } }';
const Q2 =
  '{ user(id: 42) { id username fullName posts(limit: 10) { id title comments(limit: 5) { id content } } } }';
const Q3 =
  '{ users(limit: 20) { id username posts(limit: 10) { id title comments(limit: 5) { id content author { id username } } } } }';
const PAGE =
  '{ usersConnection(first: 20) { totalCount pageInfo { hasNextPage } nodes { id username fullName } } }';

// PostGraphile 5 (Amber preset, lists enabled with `+list`): `id` is its global Node ID, the
// primary key column is `rowId`; relations are named after the foreign key.
const Q1_POSTGRAPHILE =
  '{ users: allUsersList(first: 50, orderBy: PRIMARY_KEY_ASC) { id: rowId username fullName } }';
const Q2_POSTGRAPHILE =
  '{ user: userByRowId(rowId: 42) { id: rowId username fullName posts: postsByAuthorIdList(first: 10, orderBy: PRIMARY_KEY_ASC) { id: rowId title comments: commentsByPostIdList(first: 5, orderBy: PRIMARY_KEY_ASC) { id: rowId content } } } }';
const PAGE_POSTGRAPHILE =
  '{ usersConnection: allUsers(first: 20, orderBy: PRIMARY_KEY_ASC) { totalCount pageInfo { hasNextPage } nodes { id: rowId username fullName } } }';
const Q3_POSTGRAPHILE =
  '{ users: allUsersList(first: 20, orderBy: PRIMARY_KEY_ASC) { id: rowId username posts: postsByAuthorIdList(first: 10, orderBy: PRIMARY_KEY_ASC) { id: rowId title comments: commentsByPostIdList(first: 5, orderBy: PRIMARY_KEY_ASC) { id: rowId content author: userByAuthorId { id: rowId username } } } } }';

/**
 * The operations, keyed by name; `documents` holds the text each dialect sends, `rootField` the
 * response's one key.
 */
export const QUERIES = {
  Q1: {
    label: 'Q1: 50 users {id username fullName}',
    rootField: 'users',
    documents: { canonical: Q1, postgraphile: Q1_POSTGRAPHILE },
  },
  Q2: {
    label: 'Q2: user 42 by primary key → posts(10) → comments(5)',
    rootField: 'user',
    documents: { canonical: Q2, postgraphile: Q2_POSTGRAPHILE },
  },
  Q3: {
    label: 'Q3: 20 users → posts(10) → comments(5) → author',
    rootField: 'users',
    documents: { canonical: Q3, postgraphile: Q3_POSTGRAPHILE },
  },
  page: {
    label: 'page: a connection page of 20 users with totalCount and hasNextPage',
    rootField: 'usersConnection',
    documents: { canonical: PAGE, postgraphile: PAGE_POSTGRAPHILE },
  },
};

// The hand-written statements. json_agg over a row subquery (row_to_json per row) was the fastest
// of the shapes tried with pgbench on the 200k database (json_build_object + LATERAL and
// string_agg of row_to_json were 10-20% slower on Q3); correlated subqueries bind each LIMIT at its
// own level. Each returns one text column `json`: the value of the operation's root field.
const Q1_SQL = `SELECT coalesce(json_agg(u), '[]')::text AS json FROM (
  SELECT id, username, full_name AS "fullName" FROM users ORDER BY id LIMIT 50
) u`;
const Q2_SQL = `SELECT row_to_json(u)::text AS json FROM (
  SELECT u.id, u.username, u.full_name AS "fullName", (
    SELECT coalesce(json_agg(p), '[]') FROM (
      SELECT p.id, p.title, (
        SELECT coalesce(json_agg(c), '[]') FROM (
          SELECT c.id, c.content FROM comments c WHERE c.post_id = p.id ORDER BY c.id LIMIT 5
        ) c
      ) AS comments
      FROM posts p WHERE p.author_id = u.id ORDER BY p.id LIMIT 10
    ) p
  ) AS posts
  FROM users u WHERE u.id = 42
) u`;
// The page: the 21st row tells whether another page follows.
const PAGE_SQL = `SELECT json_build_object(
  'totalCount', (SELECT count(*)::int FROM users),
  'pageInfo', json_build_object('hasNextPage', (SELECT count(*) FROM (SELECT 1 FROM users ORDER BY id LIMIT 21) n) > 20),
  'nodes', (SELECT coalesce(json_agg(u), '[]') FROM (
    SELECT id, username, full_name AS "fullName" FROM users ORDER BY id LIMIT 20
  ) u)
)::text AS json`;
const Q3_SQL = `SELECT coalesce(json_agg(u), '[]')::text AS json FROM (
  SELECT u.id, u.username, (
    SELECT coalesce(json_agg(p), '[]') FROM (
      SELECT p.id, p.title, (
        SELECT coalesce(json_agg(c), '[]') FROM (
          SELECT c.id, c.content, (
            SELECT row_to_json(a) FROM (SELECT a.id, a.username FROM users a WHERE a.id = c.author_id) a
          ) AS author
          FROM comments c WHERE c.post_id = p.id ORDER BY c.id LIMIT 5
        ) c
      ) AS comments
      FROM posts p WHERE p.author_id = u.id ORDER BY p.id LIMIT 10
    ) p
  ) AS posts
  FROM users u ORDER BY u.id LIMIT 20
) u`;

/** What the hand-written endpoint runs for each canonical document. */
export const HANDWRITTEN_SQL = {
  Q1: { query: Q1, rootField: 'users', sql: Q1_SQL },
  Q2: { query: Q2, rootField: 'user', sql: Q2_SQL },
  Q3: { query: Q3, rootField: 'users', sql: Q3_SQL },
  page: { query: PAGE, rootField: 'usersConnection', sql: PAGE_SQL },
};
