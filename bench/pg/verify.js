// Before a contender is loaded, its answers must equal the hand-written endpoint's: same data,
// same keys in the same order, no errors. Whitespace is the only freedom (Postgres' json_agg puts
// ", " between elements; JSON.stringify does not), so bodies are compared re-stringified.

/**
 * POSTs `document` and returns `{ normalized, bytes }`: the response re-stringified and the bytes
 * of the body as sent, or throws with the reason.
 */
export async function fetchNormalized(port, document) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: document }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(body);
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text);
  if (parsed.errors) throw new Error(`errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
  return { normalized: JSON.stringify(parsed), bytes: body.length };
}

/** Where two texts first differ, with a little context; undefined when they are equal. */
export function firstDifference(expected, actual) {
  if (expected === actual) return undefined;
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  const from = Math.max(0, i - 60);
  return `at character ${i}: expected …${expected.slice(from, i + 60)}… got …${actual.slice(from, i + 60)}…`;
}

/** Problems of a Q1/Q3-style list of `count` users with the keys `keys`, or undefined. */
function usersProblem(users, count, keys) {
  if (!Array.isArray(users)) return 'no list of users';
  if (users.length !== count) return `${users.length} users, expected ${count}`;
  if (users.some((u) => Object.keys(u).join(',') !== keys)) return `user keys are not ${keys}`;
  return undefined;
}

/** Problems of posts(10) → comments(5), each comment with `author` when `withAuthor`. */
function postsProblem(posts, withAuthor) {
  if (posts?.length !== 10) return `${posts?.length} posts, expected 10`;
  for (const post of posts) {
    if (post.comments?.length !== 5) return `post ${post.id} has ${post.comments?.length} comments`;
    if (withAuthor && post.comments.some((c) => typeof c.author?.username !== 'string'))
      return `post ${post.id} has a comment without an author`;
  }
  return undefined;
}

/**
 * Checks the reference answer has the size the operation asks for, so an empty or truncated
 * reference cannot make every contender "equal". Returns a problem or undefined.
 */
export function shapeProblem(queryName, normalized) {
  const data = JSON.parse(normalized).data;
  switch (queryName) {
    case 'Q1':
      return usersProblem(data?.users, 50, 'id,username,fullName');
    case 'Q2':
      if (data?.user?.id !== 42) return 'Q2 has no user 42';
      return postsProblem(data.user.posts, false);
    case 'Q3': {
      const problem = usersProblem(data?.users, 20, 'id,username,posts');
      if (problem) return problem;
      for (const user of data.users) {
        const posts = postsProblem(user.posts, true);
        if (posts) return `user ${user.id}: ${posts}`;
      }
      return undefined;
    }
    case 'page': {
      const page = data?.usersConnection;
      if (!Number.isInteger(page?.totalCount) || page.totalCount <= 20)
        return 'page: totalCount is not above the page size';
      if (page.pageInfo?.hasNextPage !== true) return 'page: hasNextPage is not true';
      return usersProblem(page.nodes, 20, 'id,username,fullName');
    }
    default:
      return `no shape check for ${queryName}`;
  }
}
