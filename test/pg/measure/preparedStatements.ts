/**
 * What distinct statements cost a PostgreSQL backend: runs N distinct Sluice statements (one per
 * distinct document, as a client sending one-off documents would) through a postgres.js pool and
 * prints, before and after, the memory of the pool's backends (VmRSS and RssAnon from
 * /proc/<pid>/status, readable as root) and the prepared statements each holds. A program, not a
 * test: `npx tsx test/pg/measure/preparedStatements.ts [count] [maxPreparedStatements|off]`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { bindValues } from '../../../src/pg/compile/Param.js';
import { createDemoDatabase } from '../../../src/pg/demo/createDemoDatabase.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { PoolOptions } from '../../../src/pg/driver/SqlClient.js';
import { reflect } from '../../../src/pg/reflect.js';

const SERVER = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUNT = Number(process.argv[2] ?? 20_000);
const BOUND = process.argv[3];
const POOL = Number(process.env['POOL'] ?? 4);
/** WIDE=n selects n more aliased columns per statement: longer texts, bigger parse trees. */
const WIDE = Number(process.env['WIDE'] ?? 0);
const wide = Array.from({ length: WIDE }, (_, k) => `f${k}: fullName`).join(' ');

const name = `sluice_measure_${randomBytes(6).toString('hex')}`;
const admin = createPostgresClient(SERVER, { max: 1 });
await admin.exec(`CREATE DATABASE "${name}"`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
// A number: maxPreparedStatements; `none`: no bound (as before the bound existed).
const options: PoolOptions =
  BOUND === 'none'
    ? { max: POOL, maxPreparedStatements: Infinity, maxPreparedStatementBytes: Infinity }
    : BOUND === undefined
      ? { max: POOL }
      : { max: POOL, maxPreparedStatements: Number(BOUND) };
const client = createPostgresClient(url.toString(), options);
try {
  await createDemoDatabase(client, {
    size: { users: 20, postsPerUser: 2, commentsPerPost: 2, tags: 4 },
  });
  const { schema } = await reflect(client);
  const statement = (i: number) => {
    // A distinct alias makes a distinct statement text (the JSON key is part of the SQL).
    const document = `{ users(limit: 3) { id a${i}: username ${wide} posts(limit: 2) { id title } } }`;
    const { request, source, variables } = operationSourceFields(schema, document);
    const built = source!.statementFor(request, variables);
    return { text: built.text, values: bindValues(built.values, variables) };
  };
  // Every connection busy once, so that each backend exists before the first reading.
  await Promise.all(Array.from({ length: POOL }, () => client.query('SELECT pg_sleep(0.05)')));
  const before = await backends(admin, name);
  const started = performance.now();
  let peakAnonKb = 0;
  const peakPids = new Set<number>();
  for (let i = 0; i < COUNT; i += POOL) {
    // The largest backend so far, sampled every 100 statements (a replaced pool's backends exit).
    if (i % 100 === 0) {
      const now = await backends(admin, name);
      for (const b of now) peakPids.add(b.pid);
      peakAnonKb = Math.max(peakAnonKb, ...now.map((b) => b.anonKb));
    }
    await Promise.all(
      Array.from({ length: Math.min(POOL, COUNT - i) }, (_, k) => {
        const { text, values } = statement(i + k);
        return client.queryBytes!(text, values);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const textBytes = Buffer.byteLength(statement(0).text);
  await Promise.all(Array.from({ length: POOL }, () => client.query('SELECT pg_sleep(0.05)')));
  const after = await backends(admin, name);
  const prepared = await Promise.all(
    Array.from({ length: POOL }, () =>
      client.query('SELECT count(*)::int, pg_sleep(0.05) FROM pg_prepared_statements'),
    ),
  );
  console.log(
    `${COUNT} distinct statements of ${textBytes} bytes, maxPreparedStatements = ${BOUND ?? 'default'}`,
  );
  console.log(`  ${(COUNT / seconds).toFixed(0)} statements/s (${POOL} in flight)`);
  console.log('  before:', format(before));
  console.log('  after: ', format(after));
  console.log(
    '  prepared statements seen per connection:',
    prepared.map((r) => r[0]![0]),
  );
  console.log(
    `  largest backend while running: RssAnon ${(peakAnonKb / 1024).toFixed(1)} MB;`,
    `${peakPids.size} backends seen`,
  );
} finally {
  await client.end();
  await admin.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

interface Backend {
  readonly pid: number;
  readonly rssKb: number;
  readonly anonKb: number;
}

async function backends(
  admin: ReturnType<typeof createPostgresClient>,
  database: string,
): Promise<Backend[]> {
  const rows = await admin.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.map(([pid]) => {
    const status = readFileSync(`/proc/${pid as number}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return { pid: pid as number, rssKb: kb('VmRSS'), anonKb: kb('RssAnon') };
  });
}

function format(list: Backend[]): string {
  const mb = (kb: number) => (kb / 1024).toFixed(1);
  return list
    .map((b) => `${b.pid}: VmRSS ${mb(b.rssKb)} MB, RssAnon ${mb(b.anonKb)} MB`)
    .join('; ');
}
