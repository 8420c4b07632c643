// (a) 1,000 objects x 5 scalar fields: value completion of a large list dominates; and the
// ListQuery size series, the same query over 1 to 100,000 items.
import { executableSchema } from '../executableSchema.js';

const typeDefs = /* GraphQL */ `
  type Query {
    items: [Item!]!
  }
  type Item {
    id: ID!
    name: String!
    price: Float!
    count: Int!
    active: Boolean!
  }
`;

/**
 * The list scenario over `size` items.
 * @param {number} size
 * @param {string} key
 * @param {string} title
 * @returns {import('./index.js').Scenario}
 */
export function listOf(size, key, title) {
  const items = Array.from({ length: size }, (_, i) => ({
    id: `item-${i}`,
    name: `Item ${i}`,
    price: i * 1.25 + 0.99,
    count: i,
    active: i % 3 !== 0,
  }));
  return {
    key,
    title,
    schema: executableSchema(typeDefs, { Query: { items: () => items } }),
    query: '{ items { id name price count active } }',
    variables: undefined,
    handWritten() {
      let out = '{"data":{"items":[';
      for (let i = 0; i < items.length; i++) {
        const item = /** @type {(typeof items)[number]} */ (items[i]);
        if (i > 0) out += ',';
        out += `{"id":${JSON.stringify(item.id)},"name":${JSON.stringify(item.name)},"price":${item.price},"count":${item.count},"active":${item.active}}`;
      }
      return `${out}]}}`;
    },
  };
}

/** @type {import('./index.js').Scenario} */
export const list = listOf(1000, 'a', '1,000 objects x 5 scalar fields');

const sizeName = (/** @type {number} */ n) => (n >= 1000 ? `${n / 1000}K` : String(n));

/** ListQuery: 1 … 100,000 items of 5 scalars. */
export const listSeries = [1, 10, 100, 1000, 10_000, 100_000].map((n) =>
  listOf(
    n,
    `list-${sizeName(n)}`,
    `ListQuery, ${n.toLocaleString('en-US')} items x 5 scalar fields`,
  ),
);
