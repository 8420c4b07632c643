import { buildSchema } from 'graphql';
import { expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { checkPersistedDocuments } from './checkPersistedDocuments.js';

const schema = buildSchema('type Query { hello: String, user(id: ID!): String }');

function check(documents: Record<string, string> | string[]) {
  const warnings: Array<{ msg: string; fields: Record<string, unknown> | undefined }> = [];
  const logger = {
    debug: () => {},
    info: () => {},
    error: () => {},
    warn: (msg: string, fields?: Record<string, unknown>) => warnings.push({ msg, fields }),
  };
  const engine = createEngine({ schema });
  checkPersistedDocuments(documents, '/srv/docs.json', engine, logger);
  return { warnings, engine };
}

it('refuses a document that does not parse, by id or by position', () => {
  expect(() => check({ a: '{ hello }', b: 'query {' })).toThrow(
    'Persisted documents /srv/docs.json: the document "b" does not parse: Syntax Error: Expected Name, found <EOF>. (line 1, column 8)',
  );
  expect(() => check(['{ hello }', '{ hello('])).toThrow('the document "#1" does not parse');
});

it('warns of a document the schema does not validate and keeps going', () => {
  const { warnings } = check({
    gone: '{ removed }',
    ok: '{ hello }',
    missing: '{ user }',
    several: 'query A { hello } query B { hello }',
  });
  expect(warnings).toEqual([
    {
      msg: 'persisted document does not validate',
      fields: {
        id: 'gone',
        error: 'Cannot query field "removed" on type "Query". (line 1, column 3)',
      },
    },
    {
      msg: 'persisted document does not validate',
      fields: {
        id: 'missing',
        error:
          'Field "user" argument "id" of type "ID!" is required, but it was not provided. (line 1, column 3)',
      },
    },
  ]);
});

it('plans each document once at startup: the first request finds it cached', () => {
  const { engine } = check({ ok: '{ hello }' });
  expect(engine.stats().planCacheMisses).toBe(1);
  const prepared = engine.prepare('{ hello }');
  expect(prepared.ok).toBe(true);
  expect(engine.stats().planCacheHits).toBe(1);
});
