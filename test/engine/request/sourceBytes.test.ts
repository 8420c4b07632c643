import {
  buildSchema,
  execute as graphqlExecute,
  parse,
  type FieldNode,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  execute,
  executeJSON,
  type DataSource,
  type PreparedOperation,
  type SourceFieldResult,
} from '../../../src/engine/index.js';
import { assembleBytes } from '../../../src/engine/execution/splicedJSON.js';

// A data source may answer with UTF-8 bytes (DataSource.ts): the server takes them through to the
// response undecoded (`bytes: true`); every other caller gets the same response as text.

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Values of the source's root fields, keyed by field name, as graphql-js would resolve them. */
const VALUES: Record<string, unknown> = {
  posts: [
    { id: 1, title: 'café "quoted" \\ ✓' },
    { id: 2, title: 'line\nbreak 🎉' },
  ],
  total: 2,
  missing: null,
};

/** A value cut to a field's selection (enough for these documents: fields, aliases). */
function shaped(value: unknown, node: FieldNode): unknown {
  const selections = node.selectionSet?.selections;
  if (selections === undefined || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => shaped(item, node));
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if (selection.kind !== 'Field') throw new Error('fields only');
    const key = selection.alias?.value ?? selection.name.value;
    out[key] = shaped((value as Record<string, unknown>)[selection.name.value], selection);
  }
  return out;
}

/** A source answering each field with its value's JSON in response shape, as bytes or text. */
function sourceOf(form: (field: string) => 'bytes' | 'text'): DataSource {
  return {
    name: 'fake',
    compile: (request) => ({
      execute: () =>
        Promise.resolve(
          request.fields.map((field): SourceFieldResult => {
            const name = field.fieldDef.name;
            const json = JSON.stringify(shaped(VALUES[name], field.fieldNodes[0]!));
            return { kind: 'json', json: form(name) === 'bytes' ? encode(json) : json };
          }),
        ),
      describe: () => ({ text: 'fake', parameters: [] }),
    }),
  };
}

function schemaWith(source: DataSource): GraphQLSchema {
  const schema = buildSchema(`
    type Query { posts: [Post!]! total: Int missing: Post! note: String }
    type Post { id: Int! title: String! }
  `);
  const fields = schema.getQueryType()!.getFields();
  for (const name of ['posts', 'total', 'missing'])
    fields[name]!.extensions = { sluice: { source } };
  return schema;
}

// `note` is a resolver whose text holds a NUL: written escaped, it must not be taken for a marker.
const rootValue = { note: 'nul \u0000 0 \u0000 here' };

/** graphql-js's answer with the source fields resolved from VALUES: the oracle. */
async function expected(query: string): Promise<string> {
  const schema = buildSchema(`
    type Query { posts: [Post!]! total: Int missing: Post! note: String }
    type Post { id: Int! title: String! }
  `);
  return JSON.stringify(
    await graphqlExecute({
      schema,
      document: parse(query),
      rootValue: { ...VALUES, ...rootValue },
    }),
  );
}

function prepare(schema: GraphQLSchema, query: string): PreparedOperation {
  const prepared = createEngine({ schema }).prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  return prepared;
}

describe('JSON a data source returns as bytes', () => {
  const query = '{ a: posts { title id } note total b: posts { id } }';

  it('reaches a caller that takes bytes undecoded, and everyone else as the same text', async () => {
    const prepared = prepare(schemaWith(sourceOf(() => 'bytes')), query);
    const bytes = await prepared.execute({ bytes: true, rootValue });
    expect(bytes.body).toBeInstanceOf(Uint8Array);
    expect(decode(bytes.body as Uint8Array)).toBe(await expected(query));
    const text = await prepared.execute({ rootValue });
    expect(text.body).toBe(await expected(query));
  });

  it('stays text when the source gave text, even for a caller that takes bytes', async () => {
    const prepared = prepare(schemaWith(sourceOf(() => 'text')), query);
    const outcome = await prepared.execute({ bytes: true, rootValue });
    expect(outcome.body).toBe(await expected(query));
  });

  it('mixes bytes and text fields in response order', async () => {
    const source = sourceOf((field) => (field === 'total' ? 'text' : 'bytes'));
    const outcome = await prepare(schemaWith(source), query).execute({ bytes: true, rootValue });
    expect(decode(outcome.body as Uint8Array)).toBe(await expected(query));
  });

  it('drops the bytes of a field whose value null propagation removed', async () => {
    // `missing` is Post! answered with null: the error nulls `data`, after `posts` was written.
    const failing = '{ posts { id } missing { id } }';
    const outcome = await prepare(schemaWith(sourceOf(() => 'bytes')), failing).execute({
      bytes: true,
      rootValue,
    });
    const body = typeof outcome.body === 'string' ? outcome.body : decode(outcome.body);
    const { errors, data } = JSON.parse(await expected(failing)) as {
      errors: Array<{ message: string; path: unknown }>;
      data: unknown;
    };
    expect(JSON.parse(body)).toMatchObject({
      errors: errors.map(({ message, path }) => ({ message, path })),
      data,
    });
    expect(data).toBeNull();
    expect(body).not.toContain('\u0000');
  });

  it('is decoded by executeJSON and parsed by execute, which give no bytes', async () => {
    const schema = schemaWith(sourceOf(() => 'bytes'));
    const document = parse(query);
    expect(await executeJSON({ schema, document, rootValue })).toBe(await expected(query));
    expect(JSON.stringify(await execute({ schema, document, rootValue }))).toBe(
      await expected(query),
    );
  });
});

describe('assembleBytes', () => {
  it('puts each chunk where its marker is, and encodes the text around them', () => {
    const chunks = [encode('[1,"é"]'), encode('{"x":"✓"}')];
    const text = '{"b":\u00001\u0000,"a":\u00000\u0000,"s":"ü"}';
    expect(decode(assembleBytes(text, chunks))).toBe('{"b":{"x":"✓"},"a":[1,"é"],"s":"ü"}');
  });
});
