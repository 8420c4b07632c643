import { buildSchema, parse } from 'graphql';
import { describe, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Plans are cached by document object; everything else in ExecutionArgs may change between two
// executions of the same document and must be honoured: schema, operationName, fieldResolver,
// typeResolver, variables (the @skip/@include cases are in directives.test.ts).
const sdl = `
  interface Pet { name: String }
  type Dog implements Pet { name: String }
  type Cat implements Pet { name: String }
  type Query { greeting: String count: Int pets: [Pet] }
`;
const first = buildSchema(sdl);
const second = buildSchema(sdl);
const retyped = buildSchema(sdl.replace('count: Int', 'count: String'));
const rootValue = {
  greeting: 'hi',
  count: 7.5,
  pets: [
    { __typename: 'Dog', name: 'rex' },
    { __typename: 'Cat', name: 'tom' },
  ],
};

describe('one document, different execution arguments', () => {
  it('follows the schema it is given, even for the same document object', async () => {
    const document = parse('{ greeting count pets { __typename name } }');
    for (const schema of [first, second, retyped, first]) {
      await expectSameAsGraphQLJS({ schema, rootValue, document });
    }
  });

  it('follows operationName', async () => {
    const document = parse('query A { greeting } query B { count } query C { pets { name } }');
    for (const operationName of ['B', 'A', 'C', 'B']) {
      await expectSameAsGraphQLJS({ schema: first, rootValue, document, operationName });
    }
  });

  it('follows fieldResolver and typeResolver as they change', async () => {
    const document = parse('{ greeting pets { __typename name } }');
    const shout = (
      source: Record<string, unknown>,
      _args: unknown,
      _ctx: unknown,
      info: { fieldName: string },
    ) =>
      typeof source[info.fieldName] === 'string'
        ? String(source[info.fieldName]).toUpperCase()
        : source[info.fieldName];
    const allCats = () => 'Cat';
    const variants = [
      {},
      { fieldResolver: shout },
      { typeResolver: allCats },
      { fieldResolver: shout, typeResolver: allCats },
      {},
    ];
    for (const variant of variants) {
      await expectSameAsGraphQLJS({ schema: first, rootValue, document, ...variant });
    }
  });

  it('follows rootValue from sync to async and back', async () => {
    const document = parse('{ greeting count }');
    const roots = [
      rootValue,
      { greeting: () => Promise.resolve('later'), count: 1 },
      { greeting: 'again' },
    ];
    for (const root of roots) {
      await expectSameAsGraphQLJS({ schema: first, rootValue: root, document });
    }
  });
});
