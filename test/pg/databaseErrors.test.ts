import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/engine/index.js';
import { operationSourceFields } from '../../src/pg/compile/operationSourceFields.js';
import { connect } from '../../src/pg/driver/connect.js';
import { reflect, type ReflectOptions } from '../../src/pg/reflect.js';
import type { DatabaseErrorEvent } from '../../src/pg/index.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase(async (client) => {
  await client.exec(`CREATE TABLE notes (id int PRIMARY KEY, body text, extra text);
    INSERT INTO notes VALUES (1, 'one', 'x');`);
});

/** Runs `document`'s database fields once through the source, as the engine does. */
async function run(
  client: SqlClient,
  document: string,
  options: ReflectOptions = {},
  contextValue: unknown = {},
): Promise<unknown> {
  const { schema } = await reflect(client, options);
  const { request, source, variables } = operationSourceFields(schema, document);
  return source!.compile(request).execute(variables, contextValue);
}

describe('database errors', () => {
  it('answers DATABASE_UNAVAILABLE, without a sqlState, once the connection is gone', async () => {
    // Its own client (on PGlite its own database), closed after reflection.
    const client = await connect({ url: db.url, max: 1 });
    await client.exec('CREATE TABLE IF NOT EXISTS notes (id int PRIMARY KEY)');
    const { schema } = await reflect(client);
    const { request, source, variables } = operationSourceFields(schema, '{ notes { id } }');
    const compiled = source!.compile(request);
    await client.end();
    const error = await compiled.execute(variables, {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('The database is unavailable.');
    expect((error as GraphQLError).extensions).toEqual({ code: ErrorCode.DATABASE_UNAVAILABLE });
  });

  it('calls onDatabaseError once per failed statement, with what PostgreSQL said', async () => {
    const events: DatabaseErrorEvent[] = [];
    const client = await connect({ url: db.url, max: 1 });
    try {
      await client.exec('CREATE TABLE drafts (id int PRIMARY KEY, body text)');
      const { schema } = await reflect(client, { onDatabaseError: (e) => void events.push(e) });
      const { request, source, variables } = operationSourceFields(schema, '{ drafts { body } }');
      const compiled = source!.compile(request);
      // The column goes away after reflection: the statement Sluice compiled now fails.
      await client.exec('ALTER TABLE drafts DROP COLUMN body');
      const context = { requestId: 'r-1' };
      const error = await compiled.execute(variables, context).then(
        () => undefined,
        (e: unknown) => e as GraphQLError,
      );
      // The client sees the code and SQLSTATE, not PostgreSQL's message (it can quote data).
      expect(error?.message).toBe('The database could not run the statement.');
      expect(error?.extensions).toEqual({ code: ErrorCode.DATABASE_ERROR, sqlState: '42703' });
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toEqual({
        message: expect.stringMatching(/column .*body.* does not exist/) as unknown,
        code: ErrorCode.DATABASE_ERROR,
        sqlState: '42703',
        statement: expect.stringMatching(/^sluice_[0-9a-f]{12}$/) as unknown,
        contextValue: context,
      });
      // The same statement has the same name, so that log lines can be grouped.
      await compiled.execute(variables, { requestId: 'r-2' }).catch(() => {});
      expect(events).toHaveLength(2);
      expect(events[1]?.statement).toBe(event?.statement);
      expect(events[1]?.contextValue).toEqual({ requestId: 'r-2' });
    } finally {
      await client.end();
    }
  });

  it('does not call onDatabaseError for a statement that succeeds', async () => {
    const events: DatabaseErrorEvent[] = [];
    const results = await run(db.client, '{ notes { id body } }', {
      onDatabaseError: (e) => void events.push(e),
    });
    expect(results).toHaveLength(1);
    expect(events).toEqual([]);
  });
});
