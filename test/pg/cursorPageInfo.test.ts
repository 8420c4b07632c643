import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/** Cursor walks over a nullable order column with ties, compared with plain SQL. */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE items (id int PRIMARY KEY, v int, w text);
    INSERT INTO items VALUES (1, NULL, 'a'), (2, 5, NULL), (3, 3, 'b'), (4, NULL, 'a'),
                             (5, 5, 'c'), (6, 1, NULL), (7, 3, 'a');
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});
const { data } = reflectedRunners(() => reflection.schema);

interface Page {
  nodes: Array<{ id: number }>;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

const orders: Array<[string, string]> = [
  ['{ v: ASC }', 'v ASC NULLS LAST, id'],
  ['{ v: DESC }', 'v DESC NULLS FIRST, id'],
  ['{ v: ASC_NULLS_FIRST }', 'v ASC NULLS FIRST, id'],
  ['{ v: DESC_NULLS_LAST }', 'v DESC NULLS LAST, id'],
];

describe('cursor walks with NULLs in the order column', () => {
  for (const [orderBy, sqlOrder] of orders) {
    it(`cover every row once and report pageInfo correctly under ${orderBy}`, async () => {
      const expected = (await db.client.query(`SELECT id FROM items ORDER BY ${sqlOrder}`)).map(
        (r) => Number(r[0]),
      );
      const q = `query ($first: Int, $after: String, $last: Int, $before: String) {
        itemsConnection(orderBy: [${orderBy}], first: $first, after: $after, last: $last, before: $before) {
          nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
      const fetch = async (vars: Record<string, unknown>) =>
        (await data(q, vars)).data['itemsConnection'] as Page;
      const problems: string[] = [];
      for (const size of [1, 2, 3]) {
        // forward
        let cursor: string | null = null;
        const seen: number[] = [];
        for (let n = 0; n < 20; n++) {
          const page = await fetch({ first: size, after: cursor });
          seen.push(...page.nodes.map((x) => x.id));
          const wantPrev = n > 0;
          const wantNext = seen.length < expected.length;
          if (page.pageInfo.hasPreviousPage !== wantPrev)
            problems.push(
              `forward size ${size} page ${n + 1}: hasPreviousPage ${page.pageInfo.hasPreviousPage}`,
            );
          if (page.pageInfo.hasNextPage !== wantNext)
            problems.push(
              `forward size ${size} page ${n + 1}: hasNextPage ${page.pageInfo.hasNextPage}`,
            );
          if (!page.pageInfo.hasNextPage) break;
          cursor = page.pageInfo.endCursor;
        }
        expect(seen, `forward ${size}`).toEqual(expected);
        // backward
        cursor = null;
        const back: number[] = [];
        for (let n = 0; n < 20; n++) {
          const page = await fetch({ last: size, before: cursor });
          back.unshift(...page.nodes.map((x) => x.id));
          const wantNext = n > 0;
          const wantPrev = back.length < expected.length;
          if (page.pageInfo.hasNextPage !== wantNext)
            problems.push(
              `backward size ${size} page ${n + 1}: hasNextPage ${page.pageInfo.hasNextPage}`,
            );
          if (page.pageInfo.hasPreviousPage !== wantPrev)
            problems.push(
              `backward size ${size} page ${n + 1}: hasPreviousPage ${page.pageInfo.hasPreviousPage}`,
            );
          if (!page.pageInfo.hasPreviousPage) break;
          cursor = page.pageInfo.startCursor;
        }
        expect(back, `backward ${size}`).toEqual(expected);
      }
      expect(problems, JSON.stringify(problems)).toEqual([]);
    });
  }
});
