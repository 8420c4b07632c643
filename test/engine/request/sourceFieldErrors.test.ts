import { buildSchema, execute as graphqlExecute, GraphQLError, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  execute,
  executeJSON,
  type DataSource,
  type SourceFieldResult,
} from '../../../src/engine/index.js';

// A data source may answer one of its fields with that field's own error (DataSource.ts): the
// field gets it at its own path, as a resolver's thrown error, and its siblings keep their
// answers, in both emitters.

const refused = () =>
  new GraphQLError('Invalid node id: "garbage" is not a global id.', {
    extensions: { code: 'INVALID_NODE_ID' },
  });

const source: DataSource = {
  name: 'fake',
  compile: (request) => ({
    execute: () =>
      Promise.resolve(
        request.fields.map((field): SourceFieldResult =>
          field.fieldDef.name.startsWith('bad')
            ? { kind: 'error', error: refused() }
            : { kind: 'json', json: '{"id":1}' },
        ),
      ),
    describe: () => ({ text: 'fake', parameters: [] }),
  }),
};

const SDL = `
  type Query { good: Item! bad: Item badNonNull: Item! }
  type Item { id: Int! }
`;
const schema = buildSchema(SDL);
for (const field of Object.values(schema.getQueryType()!.getFields()))
  field.extensions = { sluice: { source } };

/** What graphql-js answers when the refused field's resolver throws the same error. */
const reference = buildSchema(SDL);
const rootValue = {
  good: { id: 1 },
  bad: () => {
    throw refused();
  },
  badNonNull: () => {
    throw refused();
  },
};

describe("a data source's error for one field", () => {
  for (const query of [
    '{ good { id } bad { id } }',
    '{ a: good { id } b: bad { id } c: good { id } }',
    '{ good { id } badNonNull { id } }',
    '{ ...F } fragment F on Query { good { id } bad { id } }',
  ]) {
    it(`is that field's alone: ${query}`, async () => {
      const document = parse(query);
      const expected = JSON.parse(
        JSON.stringify(await graphqlExecute({ schema: reference, document, rootValue })),
      ) as unknown;
      const object = JSON.parse(JSON.stringify(await execute({ schema, document }))) as unknown;
      const text = JSON.parse(await executeJSON({ schema, document })) as unknown;
      expect(object).toEqual(expected);
      expect(text).toEqual(expected);
      const prepared = createEngine({ schema }).prepare(query);
      if (!prepared.ok) throw new Error(prepared.body);
      expect(JSON.parse((await prepared.execute()).body)).toEqual(expected);
    });
  }
});
