// (a) 1,000 objects x 5 scalar fields: value completion of a large list dominates.
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

const items = Array.from({ length: 1000 }, (_, i) => ({
  id: `item-${i}`,
  name: `Item ${i}`,
  price: i * 1.25 + 0.99,
  count: i,
  active: i % 3 !== 0,
}));

/** @type {import('./index.js').Scenario} */
export const list = {
  key: 'a',
  title: '1,000 objects x 5 scalar fields',
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
