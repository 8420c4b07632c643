import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { later } from '../support/timing.js';

// Sizes that a compiled executor might treat differently (long lists, deep recursion, wide
// selections), with the same results and errors as graphql-js.
const schema = buildSchema(`
  type Query { rows(n: Int!): [Row!] node: Node wide: Row }
  type Row { id: Int! name: String score: Float tags: [String] cells: [[Int]] }
  type Node { depth: Int! child: Node sure: Node! fail: String! }
`);

function row(id: number) {
  return {
    id,
    name: `row ${id}`,
    score: id / 3,
    tags: id % 2 ? ['odd'] : [],
    cells: [[id], [id, id]],
  };
}

/** A chain of nodes; `fail` is null (an error for String!) on every node. */
function node(depth: number): Record<string, unknown> {
  return { depth, child: () => node(depth + 1), sure: () => node(depth + 1), fail: null };
}

function nest(levels: number, field: string, leaf: string): string {
  return levels === 0 ? leaf : `${field} { depth ${nest(levels - 1, field, leaf)} }`;
}

describe('large lists, deep nesting, wide selections', () => {
  it('returns 10,000 rows', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { rows: ({ n }: { n: number }) => Array.from({ length: n }, (_, i) => row(i)) },
      query: '{ rows(n: 10000) { id name score tags cells } }',
    });
    expect(report.result?.data?.['rows']).toHaveLength(10000);
  });

  it('returns 2,000 rows whose items are promises, with errors at the edges', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        rows: ({ n }: { n: number }) =>
          Array.from({ length: n }, (_, i) =>
            i % 3 === 0
              ? later(1 + (i % 2), row(i))
              : { ...row(i), name: i === 1 || i === n - 1 ? new Error(`bad ${i}`) : `r${i}` },
          ),
      },
      query: '{ rows(n: 2000) { id name } }',
    });
  });

  it('writes long lists in flattened chunks: first promise, errors and nested lists far in', async () => {
    // Past many of the byte path's flattened chunks (flatText.ts) before anything but plain
    // items comes: an item that is a promise, failing fields, and lists of lists and scalars.
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        rows: ({ n }: { n: number }) =>
          Array.from({ length: n }, (_, i) =>
            i === 4000
              ? later(1, row(i))
              : i === 4500
                ? { ...row(i), name: new Error('bad 4500') }
                : { ...row(i), tags: Array.from({ length: i % 7 }, (_, k) => `t${k}`) },
          ),
      },
      query: '{ rows(n: 6000) { id name tags cells } }',
    });
    const ints = Array.from({ length: 30_000 }, (_, i) => [i, -i]);
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { wide: { id: 1, cells: ints, tags: ints.map(([i]) => `tag "${i}"`) } },
      query: '{ wide { cells tags } }',
    });
    expect(report.result?.data?.['wide']).toMatchObject({ cells: ints });
  });

  it('nulls a 5,000-row list of non-null rows for one bad row near the end', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        rows: ({ n }: { n: number }) =>
          Array.from({ length: n }, (_, i) => (i === n - 2 ? { id: null } : row(i))),
      },
      query: '{ rows(n: 5000) { id } }',
    });
    expect(report.result?.data?.['rows']).toBeNull();
  });

  it('follows 150 levels of nesting, sync and with a promise at every level', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { node: node(0) },
      query: `{ node { depth ${nest(150, 'child', 'depth')} } }`,
    });
    const asyncNode = (depth: number): Record<string, unknown> => ({
      depth,
      child: () => later(1, asyncNode(depth + 1)),
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { node: asyncNode(0) },
      query: `{ node { depth ${nest(60, 'child', 'depth')} } }`,
    });
  });

  it('propagates a null through 80 non-null levels to the nearest nullable one', async () => {
    const query = `{ node { depth child { depth ${nest(80, 'sure', 'fail')} } } }`;
    const report = await expectSameAsGraphQLJS({ schema, rootValue: { node: node(0) }, query });
    // node, child, 80 × sure, fail
    expect(report.result?.errors?.[0]?.path).toHaveLength(83);
  });

  it('answers 400 aliases on one object in document order', async () => {
    const fields = Array.from(
      { length: 400 },
      (_, i) => `f${399 - i}: ${['id', 'name', 'score', 'tags'][i % 4]}`,
    );
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { wide: row(7) },
      query: `{ wide { ${fields.join(' ')} } }`,
    });
  });
});
