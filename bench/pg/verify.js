// Before a contender is loaded, its answers must equal the hand-written endpoint's: same data,
// same keys in the same order, no errors. Whitespace is the only freedom (Postgres' json_agg puts
// ", " between elements; JSON.stringify does not), so bodies are compared re-stringified.

/** POSTs `document` and returns the response re-stringified, or throws with the reason. */
export async function fetchNormalized(port, document) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: document }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text);
  if (parsed.errors) throw new Error(`errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
  return JSON.stringify(parsed);
}

/** Where two texts first differ, with a little context; undefined when they are equal. */
export function firstDifference(expected, actual) {
  if (expected === actual) return undefined;
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  const from = Math.max(0, i - 60);
  return `at character ${i}: expected …${expected.slice(from, i + 60)}… got …${actual.slice(from, i + 60)}…`;
}

/**
 * Checks the reference answer has the size the operation asks for, so an empty or truncated
 * reference cannot make every contender "equal". Returns a problem or undefined.
 */
export function shapeProblem(queryName, normalized) {
  const users = JSON.parse(normalized).data?.users;
  if (!Array.isArray(users)) return 'no data.users list';
  if (queryName === 'Q1') {
    if (users.length !== 50) return `Q1 has ${users.length} users, expected 50`;
    const keys = users.map((u) => Object.keys(u).join(','));
    if (keys.some((k) => k !== 'id,username,fullName')) return 'Q1 user keys differ';
    return undefined;
  }
  if (users.length !== 20) return `Q3 has ${users.length} users, expected 20`;
  for (const user of users) {
    if (user.posts?.length !== 10) return `Q3 user ${user.id} has ${user.posts?.length} posts`;
    for (const post of user.posts) {
      if (post.comments?.length !== 5)
        return `Q3 post ${post.id} has ${post.comments?.length} comments`;
      if (post.comments.some((c) => typeof c.author?.username !== 'string')) {
        return `Q3 post ${post.id} has a comment without an author`;
      }
    }
  }
  return undefined;
}
