import { describe, expect, it } from 'vitest';
import { createDemoDatabase } from '../../src/pg/demo/createDemoDatabase.js';
import { reflect } from '../../src/pg/reflect.js';
import { printSchema } from 'graphql';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase((client) => createDemoDatabase(client));

describe('smoke', () => {
  it('runs', async () => {
    const { schema } = await reflect(db.client);
    console.log(printSchema(schema).slice(0, 2500));
    const run = await runOperation(
      schema,
      `{ users(limit: 2, where: {username: {like: "a%"}}) { id username fullName createdAt posts(limit: 2) { id title status views rating labels metadata tags { name } comments(limit: 1) { id author { username } } } } }`,
    );
    console.log(run.sql, run.parameters, run.body);
    const c = await runOperation(
      schema,
      `{ postsConnection(first: 2, orderBy: [{views: DESC}]) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id views } } nodes { title } } postsAggregate(where: {status: {eq: published}}) { count sum { views } avg { rating } min { createdAt: publishedAt } max { status } } }`,
    );
    console.log(c.sql, c.parameters, c.body);
    expect(run.body).toContain('data');
  });
});
