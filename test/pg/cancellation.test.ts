import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/engine/index.js';
import type { DatabaseErrorEvent } from '../../src/pg/compile/createPgSource.js';
import { operationSourceFields } from '../../src/pg/compile/operationSourceFields.js';
import { connect, type ConnectOptions } from '../../src/pg/driver/connect.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { reflect } from '../../src/pg/reflect.js';
import { useTestDatabase } from './support/testDatabase.js';

const onServer = Boolean(process.env['DATABASE_URL']);

const db = useTestDatabase(async (client) => {
  await client.exec('CREATE TABLE marks (id int)');
  // A view that takes 30 s to read: on the server only (PGlite would block its thread that long).
  if (onServer) await client.exec('CREATE VIEW slow_rows AS SELECT 1 AS id FROM pg_sleep(30)');
  // A row whose check, deferred to COMMIT, takes a second.
  if (onServer)
    await client.exec(`
      CREATE TABLE slow_commits (id int);
      CREATE FUNCTION sleep_at_commit() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN PERFORM pg_sleep(1); RETURN NULL; END $$;
      CREATE CONSTRAINT TRIGGER sleep_at_commit AFTER INSERT ON slow_commits
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sleep_at_commit();
    `);
});

let clients = 0;

/** A client of its own, with an application_name to find its backends by. */
async function withClient(
  options: ConnectOptions,
  use: (client: SqlClient, name: string) => Promise<void>,
): Promise<void> {
  const name = `sluice_cancel_${process.pid}_${++clients}`;
  const client = await connect({
    url: db.url,
    max: 1,
    ...options,
    settings: { application_name: name },
  });
  try {
    await use(client, name);
  } finally {
    await client.end();
  }
}

/** The statements running on `name`'s backends (seen from another connection). */
async function running(name: string): Promise<string[]> {
  const rows = await db.client.query(
    `SELECT query FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
    [name],
  );
  return rows.map(([query]) => query as string);
}

/** Polls until `done` holds, at most `ms`: a hang is the defect these tests look for. */
async function eventually(done: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return done();
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

// On the server, a query reads its signal only when it has to wait for a connection or is still
// running after 50–100 ms (below); PGlite reads it before it starts.
if (!onServer) {
  describe('a query on PGlite', () => {
    it('is not run at all when its signal has aborted', async () => {
      const client = db.client;
      const controller = new AbortController();
      controller.abort(new Error('client went away'));
      const error = await failure(
        client.query('INSERT INTO marks VALUES (1)', [], { signal: controller.signal }),
      );
      expect(error).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).extensions).toEqual({ code: ErrorCode.TIMEOUT });
      expect(await client.query('SELECT count(*)::int FROM marks')).toEqual([[0]]);
    });

    it('has no statement_timeout to rely on (it cannot interrupt a statement)', async () => {
      await withClient({}, async (client) => {
        expect(await client.query('SHOW statement_timeout')).toEqual([['0']]);
      });
    });
  });
}

if (onServer) {
  describe('cancellation on the server', () => {
    it('cancels a running statement when its signal aborts, and frees its connection', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        const sleeping = failure(
          client.query('SELECT pg_sleep(30)', [], { signal: controller.signal }),
        );
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        const reason = new GraphQLError('gave up', { extensions: { code: ErrorCode.TIMEOUT } });
        controller.abort(reason);
        expect(await sleeping).toBe(reason);
        // The backend stops the statement: it leaves pg_stat_activity's active list.
        expect(await eventually(async () => (await running(name)).length === 0)).toBe(true);
        // The one connection is free again (else: DATABASE_BUSY after 2 s).
        expect(await client.query('SELECT 1')).toEqual([[1]]);
      });
    });

    it('reads the signal only for a query that runs a while, and then follows it', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        let reads = 0;
        const abortable = {
          get signal() {
            reads++;
            return controller.signal;
          },
        };
        expect(await client.query('SELECT 1', [], abortable)).toEqual([[1]]);
        // Longer than two sweeps of the watch: still not read, since the query had ended.
        await new Promise((r) => setTimeout(r, 150));
        expect(reads).toBe(0);
        const sleeping = failure(client.query('SELECT pg_sleep(30)', [], abortable));
        expect(await eventually(async () => reads === 1)).toBe(true);
        controller.abort(new Error('client went away'));
        expect(await sleeping).toMatchObject({ extensions: { code: ErrorCode.TIMEOUT } });
        expect(await eventually(async () => (await running(name)).length === 0)).toBe(true);
        expect(reads).toBe(1);
      });
    });

    it('takes a query waiting for the connection out of the line when its signal aborts', async () => {
      await withClient({ acquireTimeoutMs: 60_000 }, async (client, name) => {
        const holder = new AbortController();
        const held = failure(client.query('SELECT pg_sleep(30)', [], { signal: holder.signal }));
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        const waiter = new AbortController();
        const waiting = failure(client.query('SELECT 2', [], { signal: waiter.signal }));
        waiter.abort(new Error('client went away'));
        // Rejected while the connection is still held, long before the 60 s acquire timeout.
        const error = await waiting;
        expect(error).toBeInstanceOf(GraphQLError);
        expect((error as GraphQLError).extensions).toEqual({ code: ErrorCode.TIMEOUT });
        expect(await running(name)).toHaveLength(1);
        holder.abort(new Error('done'));
        await held;
        expect(await client.query('SELECT 3')).toEqual([[3]]);
      });
    });

    it('rolls a batch back when its signal aborts while later statements wait behind a slow one', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        // A statement with parameters the connection has not prepared yet is described first:
        // postgres.js holds the statements after it in the reserved connection's own queue.
        const batch = failure(
          client.transactionBatch!(
            [
              { text: 'SELECT pg_sleep(30), $1::int AS queued_behind', values: [1] },
              { text: 'INSERT INTO marks VALUES ($1)', values: [1] },
              { text: 'SELECT count(*)::int, $1::int FROM marks', values: [2] },
            ],
            { signal: controller.signal },
          ),
        );
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        controller.abort(new Error('client went away'));
        // The statement that was running is the one the abort ended.
        expect(await batch).toMatchObject({
          index: 0,
          error: { extensions: { code: ErrorCode.TIMEOUT } },
        });
        // ROLLBACK reached the backend: no transaction stays open, the INSERT is not kept, and
        // the one connection serves the next query (else: DATABASE_BUSY after 2 s).
        const open = async () =>
          (
            await db.client.query(
              `SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $1 AND xact_start IS NOT NULL`,
              [name],
            )
          )[0]![0];
        expect(await eventually(async () => (await open()) === 0)).toBe(true);
        expect(await client.query('SELECT count(*)::int FROM marks')).toEqual([[0]]);
      });
    });

    it('rolls a batch back when its signal aborts while its last statement runs, COMMIT sent with it', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        // Prepared first, so the batch goes out in one write, its COMMIT included.
        const last = 'SELECT pg_sleep($1::float8), $2::int AS last';
        await client.transactionBatch!([{ text: last, values: [0, 0] }]);
        const batch = failure(
          client.transactionBatch!(
            [
              { text: 'INSERT INTO marks VALUES ($1)', values: [4242] },
              { text: last, values: [30, 1] },
            ],
            { signal: controller.signal },
          ),
        );
        expect(
          await eventually(async () => (await running(name)).some((q) => q.startsWith('SELECT'))),
        ).toBe(true);
        controller.abort(new Error('client went away'));
        expect(await batch).toMatchObject({
          index: 1,
          error: { extensions: { code: ErrorCode.TIMEOUT } },
        });
        // The cancelled statement aborted the transaction: the COMMIT behind it rolled it back.
        expect(await client.query('SELECT count(*)::int FROM marks WHERE id = 4242')).toEqual([
          [0],
        ]);
        const open = await db.client.query(
          `SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $1 AND xact_start IS NOT NULL`,
          [name],
        );
        expect(open).toEqual([[0]]);
      });
    });

    it('commits a batch whose signal aborts once its statements have ended, and answers its rows', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        const batch = client.transactionBatch!(
          [{ text: 'INSERT INTO slow_commits VALUES ($1) RETURNING id', values: [5] }],
          { signal: controller.signal },
        );
        // The INSERT has answered; its check runs in COMMIT, which the abort does not stop.
        expect(
          await eventually(async () => (await running(name)).some((q) => q === 'COMMIT')),
        ).toBe(true);
        controller.abort(new Error('client went away'));
        const rows = await batch;
        expect(rows.map((r) => r.map((row) => row.map((cell) => String(cell))))).toEqual([[['5']]]);
        expect(await client.query('SELECT count(*)::int FROM slow_commits')).toEqual([[1]]);
      });
    });

    it('leaves the connection clean for the next transaction, whenever the abort lands', async () => {
      // A cancel request reaches the backend a few milliseconds after it is sent: by then the
      // statement it meant may have ended, and the next statement on the connection run (the
      // ROLLBACK, or the next request's BEGIN and statements). Each way of running a transaction
      // is given up at moments around its statements' ends, with the next one queued behind it
      // on the one connection; the next one must not be hit.
      const setup = { text: 'SELECT set_config($1, $2, true)', values: ['x.y', 'z'] };
      const insert = 'INSERT INTO marks SELECT $1::int FROM pg_sleep($2::float8)';
      const ways: Record<string, (client: SqlClient, n: number, signal?: AbortSignal) => unknown> =
        {
          batch: (client, n, signal) =>
            client.transactionBatch!(
              [
                { text: insert, values: [n, (n % 5) / 1000] },
                { text: 'SELECT count(*)::int FROM marks WHERE id = $1', values: [n] },
              ],
              { signal },
            ),
          transaction: (client, n, signal) =>
            client.transaction!(
              async (tx) => {
                await tx.query(insert, [n, (n % 5) / 1000]);
                return tx.query('SELECT count(*)::int FROM marks WHERE id = $1', [n]);
              },
              { signal },
            ),
          'statement with settings': (client, n, signal) =>
            client.query(insert, [n, (n % 5) / 1000], { signal, setup }),
        };
      for (const [way, run] of Object.entries(ways)) {
        await withClient({ acquireTimeoutMs: 10_000 }, async (client, name) => {
          const hit: string[] = [];
          for (let n = 0; n < 150; n++) {
            const controller = new AbortController();
            const givenUp = failure(Promise.resolve(run(client, n, controller.signal)));
            setTimeout(() => controller.abort(new Error('client went away')), n % 7);
            const next = failure(Promise.resolve(run(client, -1)));
            await givenUp;
            const error = (await next) as { error?: { code?: string }; code?: string } | undefined;
            if (error !== undefined) hit.push(String(error.error?.code ?? error.code ?? error));
          }
          expect({ way, hit }).toEqual({ way, hit: [] });
          const open = await db.client.query(
            `SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $1 AND xact_start IS NOT NULL`,
            [name],
          );
          expect(open).toEqual([[0]]);
        });
      }
    }, 120_000);

    it('ends a statement with settings when its signal aborts while it waits behind them', async () => {
      await withClient({ acquireTimeoutMs: 2_000 }, async (client, name) => {
        const controller = new AbortController();
        // The setup (described first, being new) holds the statement and COMMIT in the queue.
        const setup = {
          text: 'SELECT pg_sleep(30), set_config($1, $2, true)',
          values: ['x.y', 'z'],
        };
        const read = failure(
          client.query('SELECT $1::int AS behind_setup', [1], { signal: controller.signal, setup }),
        );
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        controller.abort(new Error('client went away'));
        await read;
        expect(await eventually(async () => (await running(name)).length === 0)).toBe(true);
        expect(await client.query('SELECT 4')).toEqual([[4]]);
      });
    });

    it('cancels the statement of an operation through the source, without a log event', async () => {
      await withClient({}, async (client, name) => {
        const events: DatabaseErrorEvent[] = [];
        const { schema } = await reflect(client, { onDatabaseError: (e) => void events.push(e) });
        const { request, source, variables } = operationSourceFields(schema, '{ slowRows { id } }');
        const controller = new AbortController();
        const error = failure(source!.compile(request).execute(variables, {}, controller));
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        controller.abort(new Error('operation timed out'));
        const thrown = await error;
        expect(thrown).toBeInstanceOf(GraphQLError);
        expect((thrown as GraphQLError).message).toBe(
          'The operation was given up before the database answered.',
        );
        expect(await eventually(async () => (await running(name)).length === 0)).toBe(true);
        expect(events).toEqual([]);
      });
    });

    it('answers DATABASE_TIMEOUT when statement_timeout stops a statement', async () => {
      await withClient({ statementTimeoutMs: 200 }, async (client, name) => {
        const events: DatabaseErrorEvent[] = [];
        const { schema } = await reflect(client, { onDatabaseError: (e) => void events.push(e) });
        const { request, source, variables } = operationSourceFields(schema, '{ slowRows { id } }');
        const error = await failure(source!.compile(request).execute(variables, {}));
        expect(error).toBeInstanceOf(GraphQLError);
        expect((error as GraphQLError).extensions).toEqual({
          code: ErrorCode.DATABASE_TIMEOUT,
          sqlState: '57014',
        });
        expect(events.map((e) => [e.code, e.sqlState])).toEqual([
          [ErrorCode.DATABASE_TIMEOUT, '57014'],
        ]);
        expect(events[0]?.message).toContain('statement timeout');
        expect(await running(name)).toEqual([]);
      });
    });

    it('runs every connection with a 30 s statement_timeout unless told otherwise', async () => {
      await withClient({}, async (client) => {
        expect(await client.query('SHOW statement_timeout')).toEqual([['30s']]);
      });
      await withClient({ statementTimeoutMs: 0 }, async (client) => {
        expect(await client.query('SHOW statement_timeout')).toEqual([['0']]);
      });
    });

    it('answers DATABASE_BUSY, and tells the log, when no connection frees up in time', async () => {
      await withClient({ acquireTimeoutMs: 100 }, async (client, name) => {
        const events: DatabaseErrorEvent[] = [];
        const { schema } = await reflect(client, { onDatabaseError: (e) => void events.push(e) });
        const { request, source, variables } = operationSourceFields(schema, '{ slowRows { id } }');
        const holder = new AbortController();
        const held = failure(client.query('SELECT pg_sleep(30)', [], { signal: holder.signal }));
        expect(await eventually(async () => (await running(name)).length === 1)).toBe(true);
        const error = await failure(source!.compile(request).execute(variables, {}));
        expect((error as GraphQLError).extensions).toEqual({ code: ErrorCode.DATABASE_BUSY });
        expect(events.map((e) => e.code)).toEqual([ErrorCode.DATABASE_BUSY]);
        holder.abort(new Error('done'));
        await held;
      });
    });
  });
}
