import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';

// Spec §6.3 "Executing Selection Sets" and §2.7 "Field Alias": response keys in document order.
const schema = buildSchema(`
  type Query {
    hello: String
    number: Int
    ratio: Float
    flag: Boolean
    id: ID
    echo(text: String, times: Int = 1): String
    person(id: ID!): Person
    people: [Person]
  }
  type Person {
    id: ID!
    name: String
    age: Int
    friend: Person
  }
`);

const ada = { id: '1', name: 'Ada', age: 36 };
const alan = { id: '2', name: 'Alan', age: 41, friend: ada };

const rootValue = {
  hello: 'world',
  number: 42,
  ratio: 0.5,
  flag: true,
  id: 7,
  echo: ({ text, times }: { text?: string; times: number }) => (text ?? '∅').repeat(times),
  person: ({ id }: { id: string }) => [ada, alan].find((p) => p.id === id) ?? null,
  people: [ada, alan],
};

describe('fields and aliases', () => {
  it('returns scalar fields in document order, not schema order', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: '{ ratio id hello flag number }',
    });
    expect(Object.keys(report.result?.data ?? {})).toEqual([
      'ratio',
      'id',
      'hello',
      'flag',
      'number',
    ]);
  });

  it('keeps aliases, the same field under several aliases and aliases shadowing other names', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: `{
        a: echo(text: "a")
        b: echo(text: "b", times: 3)
        hello: echo
        echo: hello
        p1: person(id: "1") { name years: age }
        p2: person(id: "2") { who: name friend { name } }
        nobody: person(id: "9") { name }
      }`,
    });
  });

  it('merges repeated fields with the same response key, keeping first-seen order', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: `{
        person(id: "2") { name }
        hello
        person(id: "2") { age friend { name } }
        person(id: "2") { friend { age } name }
      }`,
    });
  });

  it('hands resolvers the same info (path, field nodes, parent and return types)', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        people: (_args: unknown, _ctx: unknown, info: Parameters<typeof infoSummary>[0]) => {
          log.push(infoSummary(info));
          return [ada, alan];
        },
        echo: (args: unknown, _ctx: unknown, info: Parameters<typeof infoSummary>[0]) => {
          log.push(args, infoSummary(info));
          return 'x';
        },
      },
      query:
        'query Q($t: String) { all: people { name } echo(text: $t) again: echo people { id } }',
      variableValues: { t: 'hi' },
    }));
  });

  it('answers __typename on the root and on objects, aliased too', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: '{ __typename t: __typename people { __typename kind: __typename name } }',
    });
  });
});

describe('unusual response keys', () => {
  it('writes aliases named like Object.prototype members, __proto__ included', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: `{
        __proto__: hello
        constructor: number
        toString: flag
        hasOwnProperty: id
        person(id: "1") { __proto__: name valueOf: age }
      }`,
    });
  });

  it('writes a __proto__ key in lists of objects, including those written as objects', async () => {
    // executeJSON builds such lists as objects with Object.prototype, except where a key is
    // __proto__ (storing it would set the prototype instead).
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: `{
        people { __proto__: name id friend { __proto__: age name } }
        again: people { name __proto__: friend { id } }
      }`,
    });
  });
});
