import { buildSchema } from 'graphql';

/**
 * A small catalogue shared by several topics: interfaces (one implementing another), a union,
 * lists of abstract values, arguments. Values carry `__typename`, which graphql-js's default type
 * resolver reads.
 */
export const librarySchema = buildSchema(`
  interface Node { id: ID! }
  interface Item implements Node { id: ID! title: String! year: Int }
  type Author implements Node {
    id: ID!
    name: String!
    works(kind: String): [Item!]!
    favourite: Item
  }
  type Book implements Item & Node { id: ID! title: String! year: Int author: Author! pages: Int }
  type Film implements Item & Node { id: ID! title: String! year: Int director: Author minutes: Int }
  union Hit = Book | Film | Author
  type Query {
    node(id: ID!): Node
    search(term: String): [Hit]
    items: [Item!]
    me: Author
  }
`);

export function libraryData() {
  const ursula = { __typename: 'Author', id: 'a1', name: 'Ursula' } as Record<string, unknown>;
  const agnes = { __typename: 'Author', id: 'a2', name: 'Agnès' } as Record<string, unknown>;
  const earthsea = {
    __typename: 'Book',
    id: 'b1',
    title: 'Earthsea',
    year: 1968,
    author: ursula,
    pages: 183,
  };
  const dispossessed = {
    __typename: 'Book',
    id: 'b2',
    title: 'The Dispossessed',
    year: 1974,
    author: ursula,
  };
  const cleo = {
    __typename: 'Film',
    id: 'f1',
    title: 'Cléo from 5 to 7',
    year: 1962,
    director: agnes,
    minutes: 90,
  };
  const works = [earthsea, dispossessed, cleo];
  ursula['works'] = ({ kind }: { kind?: string }) =>
    [earthsea, dispossessed].filter((w) => kind === undefined || w.__typename === kind);
  ursula['favourite'] = dispossessed;
  agnes['works'] = [cleo];
  agnes['favourite'] = null;
  const all: Record<string, unknown>[] = [ursula, agnes, ...works];
  return {
    node: ({ id }: { id: string }) => all.find((n) => n['id'] === id) ?? null,
    search: ({ term }: { term?: string }) =>
      all.filter((n) => term === undefined || String(n['title'] ?? n['name']).includes(term)),
    items: works,
    me: ursula,
  };
}
