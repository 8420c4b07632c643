import type { SoakRequest } from './load.js';

/** For `serve --schema scripts/soak/schema.mjs`: distinct by operation name and arguments. */
export function schemaRequest(i: number): SoakRequest {
  const operationName = `Soak${i}`;
  return i % 2 === 0
    ? { query: `query ${operationName} { hello(name: "visitor ${i}") }`, operationName }
    : {
        query: `query ${operationName}($n: Int!) { items(n: $n) { id label } }`,
        operationName,
        variables: { n: 1 + (i % 20) },
      };
}

/** For `serve --database` over the demo database (20 users, 100 posts, 300 comments). */
export function databaseRequest(i: number): SoakRequest {
  const operationName = `Soak${i}`;
  switch (i % 3) {
    case 0:
      return {
        query: `query ${operationName} { users(limit: ${1 + (i % 10)}, where: { id: { gte: ${i % 25} } }) { id username postsAggregate { count } } }`,
        operationName,
      };
    case 1:
      return {
        query: `query ${operationName}($author: Int) { posts(limit: 3, orderBy: [{ views: DESC }], where: { authorId: { eq: $author } }) { title views author { username } comments(limit: 2) { content } } }`,
        operationName,
        variables: { author: 1 + (i % 20) },
      };
    default:
      return {
        query: `query ${operationName} { commentsConnection(first: ${1 + (i % 5)}, where: { postId: { lte: ${1 + (i % 100)} } }) { totalCount edges { cursor node { id } } } }`,
        operationName,
      };
  }
}
