import { beforeAll, describe, expect, it } from 'vitest';
import { isAborted } from '../../src/engine/index.js';
import { operationSourceFields } from '../../src/pg/compile/operationSourceFields.js';
import { createDemoDatabase } from '../../src/pg/demo/createDemoDatabase.js';
import { ConnectionGate } from '../../src/pg/driver/ConnectionGate.js';
import { connect } from '../../src/pg/driver/connect.js';
import type { QueryOptions, SqlClient } from '../../src/pg/driver/SqlClient.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase((client) => createDemoDatabase(client));

const MODE = `SELECT current_setting('plan_cache_mode')`;

/** `client` with the genericPlan option of each statement it runs recorded, in order. */
function recordingPlans(client: SqlClient): SqlClient & { readonly plans: boolean[] } {
  const plans: boolean[] = [];
  const note = (options: QueryOptions | undefined) => plans.push(options?.genericPlan === true);
  return {
    ...client,
    driver: client.driver,
    plans,
    query: (text, values, options) => (note(options), client.query(text, values, options)),
    ...(client.queryBytes
      ? {
          queryBytes: (text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions) => (
            note(options),
            client.queryBytes!(text, values, options)
          ),
        }
      : {}),
    exec: (script) => client.exec(script),
    end: () => client.end(),
  };
}

describe('generic plans for flat statements', () => {
  let recording: ReturnType<typeof recordingPlans>;
  let reflection: Reflection;
  beforeAll(async () => {
    recording = recordingPlans(db.client);
    reflection = await reflect(recording);
  });

  /** Whether the one statement of `query` was sent as one that may keep a generic plan. */
  async function genericPlan(query: string, variables: Record<string, unknown> = {}) {
    recording.plans.length = 0;
    const run = await runOperation(reflection.schema, query, variables);
    expect(run.body).toMatch(/^\{"data"/);
    expect(recording.plans).toHaveLength(1);
    return recording.plans[0];
  }

  it('marks a flat statement, with or without a filter, for a generic plan', async () => {
    expect(await genericPlan('{ users(limit: 3) { id username } }')).toBe(true);
    expect(
      await genericPlan(
        'query ($min: Int!) { users(limit: 3, where: { id: { gte: $min } }) { id } }',
        {
          min: 2,
        },
      ),
    ).toBe(true);
  });

  it('marks a root connection page, its count and cursor checks included', async () => {
    const page = `query ($after: String) {
      usersConnection(first: 2, after: $after) {
        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id }
      }
    }`;
    expect(await genericPlan(page)).toBe(true);
    const first = await runOperation(reflection.schema, page, {});
    const after = (
      JSON.parse(first.body) as { data: { usersConnection: { pageInfo: { endCursor: string } } } }
    ).data.usersConnection.pageInfo.endCursor;
    expect(await genericPlan(page, { after })).toBe(true);
    // A connection below a parent is a second level of rows, with a per-parent LIMIT.
    expect(
      await genericPlan('{ users(limit: 2) { postsConnection(first: 1) { totalCount } } }'),
    ).toBe(false);
  });

  it('keeps custom plans where a value is bound per row of another level: a nested limit, offset or filter, a relation filter', async () => {
    expect(await genericPlan('{ users(limit: 3) { id posts(limit: 2) { id } } }')).toBe(false);
    expect(
      await genericPlan('query ($n: Int) { users(limit: 3) { id posts(offset: $n) { id } } }', {
        n: 1,
      }),
    ).toBe(false);
    expect(
      await genericPlan(
        '{ user(id: 1) { posts { id comments(where: { id: { gt: 1 } }) { id } } } }',
      ),
    ).toBe(false);
    expect(
      await genericPlan(
        `{ users(limit: 3, where: { posts: { some: { id: { gt: 1 } } } }) { id } }`,
      ),
    ).toBe(false);
    // A nested connection's size, and a relation filter inside a nested list.
    expect(
      await genericPlan('{ users(limit: 2) { postsConnection(last: 1) { nodes { id } } } }'),
    ).toBe(false);
    expect(
      await genericPlan(
        '{ users(limit: 2) { posts(where: { comments: { some: { id: { gt: 1 } } } }) { id } } }',
      ),
    ).toBe(false);
  });

  it('marks a nested selection that binds no value per row of another level for a generic plan', async () => {
    // The nested lists' limits are the default page size, written in the statement.
    expect(await genericPlan('{ posts(limit: 3) { id author { username } } }')).toBe(true);
    expect(
      await genericPlan(
        'query ($id: Int!) { user(id: $id) { id posts { id comments { id author { id } } } } }',
        { id: 1 },
      ),
    ).toBe(true);
    expect(
      await genericPlan(
        '{ users(where: { id: { lt: 5 } }) { id postsConnection { totalCount } } }',
      ),
    ).toBe(true);
  });

  it('runs a generic-plan statement with plan_cache_mode auto, the others with custom plans', async () => {
    // PGlite is one connection, which keeps force_custom_plan (docs/pg.md).
    const client = db.url === undefined ? db.client : await connect({ url: db.url, max: 3 });
    try {
      const generic = db.url === undefined ? 'force_custom_plan' : 'auto';
      // Many at once, interleaved: each must meet a connection in its own mode.
      const wanted = Array.from({ length: 30 }, (_, i) => i % 3 === 0);
      const modes = await Promise.all(
        wanted.map(async (genericPlan) => {
          const rows = await client.query(MODE, [], { genericPlan });
          return rows[0]![0];
        }),
      );
      expect(modes).toEqual(wanted.map((g) => (g ? generic : 'force_custom_plan')));
      // With a setup (the request's settings), in a transaction on a connection of that mode.
      const setup = { text: `SELECT set_config('sluice.test', $1, true)`, values: ['x'] };
      const scoped = await client.query(MODE, [], { genericPlan: true, setup });
      expect(scoped[0]![0]).toBe(generic);
    } finally {
      if (client !== db.client) await client.end();
    }
  });

  it("answers whether its request was given up without reading the request's signal", async () => {
    // A query waiting for a connection is asked `aborted` (ConnectionGate); the server makes its
    // signal on first read, so reading it there cost every waiting request an AbortController.
    const seen: Array<QueryOptions | undefined> = [];
    const capturing: SqlClient = {
      ...db.client,
      driver: db.client.driver,
      query: (text, values, options) => (
        seen.push(options),
        db.client.query(text, values, options)
      ),
      ...(db.client.queryBytes
        ? {
            queryBytes: (text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions) => (
              seen.push(options),
              db.client.queryBytes!(text, values, options)
            ),
          }
        : {}),
      exec: (script) => db.client.exec(script),
      end: () => db.client.end(),
    };
    const { schema } = await reflect(capturing);
    const { request, source, variables } = operationSourceFields(
      schema,
      '{ users(limit: 2) { id } }',
    );
    let reads = 0;
    let given = false;
    const controller = new AbortController();
    const abortable = {
      get signal() {
        reads++;
        return controller.signal;
      },
      get aborted() {
        return given;
      },
    };
    seen.length = 0;
    await source!.compile(request).execute(variables, {}, abortable);
    expect(seen).toHaveLength(1);
    const options = seen[0]!;
    expect(options.genericPlan).toBe(true);
    // (PGlite's client reads the signal before it runs a statement: counted from here on.)
    reads = 0;
    expect(isAborted(options)).toBe(false);
    given = true;
    expect(isAborted(options)).toBe(true);
    // Through a gate: a waiter is looked at when the slot passes to it.
    given = false;
    const gate = new ConnectionGate(1, 60_000);
    let free!: () => void;
    const held = gate.run(() => new Promise<void>((resolve) => (free = resolve)));
    const waiting = gate.run(async () => 'ran', options);
    free();
    await held;
    expect(await waiting).toBe('ran');
    expect(reads).toBe(0);
  });

  it("keeps one mode for every statement when the pool's settings name plan_cache_mode", async () => {
    // PGlite (no URL) is one database per client, so this test makes its own on either kind.
    const client = await connect({
      url: db.url,
      max: 2,
      settings: { plan_cache_mode: 'force_generic_plan' },
    });
    try {
      const modes = await Promise.all(
        [true, false, true, false].map(async (genericPlan) => {
          const rows = await client.query(MODE, [], { genericPlan });
          return rows[0]![0];
        }),
      );
      expect(modes).toEqual(Array(4).fill('force_generic_plan'));
    } finally {
      await client.end();
    }
  });
});

describe('plans PostgreSQL makes', () => {
  // The statement's own plan counts, on the connection that ran it (one per mode: max 1).
  const PLANS = `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1`;
  const FLAT = `SELECT username FROM users WHERE id = $1`;

  it('keeps a generic plan for a statement run as genericPlan, a custom plan per execution otherwise', async () => {
    if (db.url === undefined) {
      // PGlite's query runs every statement unnamed: nothing is kept prepared, and each
      // execution is planned with its values, whatever the option (docs/pg.md).
      await db.client.query(FLAT, [1], { genericPlan: true });
      expect(await db.client.query(PLANS, [FLAT], { genericPlan: true })).toEqual([]);
      return;
    }
    const client = await connect({ url: db.url, max: 1 });
    try {
      const countsAfter = async (genericPlan: boolean) => {
        for (let i = 0; i < 8; i++) await client.query(FLAT, [1 + (i % 3)], { genericPlan });
        const rows = await client.query(PLANS, [FLAT], { genericPlan });
        return rows[0]!.map(Number);
      };
      const [generic, custom] = await countsAfter(true);
      expect(generic).toBeGreaterThan(0);
      expect(generic! + custom!).toBe(8);
      expect(await countsAfter(false)).toEqual([0, 8]);
    } finally {
      await client.end();
    }
  });
});
