// The verification of one contender before any load (see verify.js for what is compared): the
// contender is started with its database connection through the statement counter, answers
// VERIFY_REQUESTS requests of each cell on a freshly reset fixture, and is stopped again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../pg/children.js';
import { firstDifference } from '../pg/verify.js';
import { runWrk } from '../pg/wrk.js';
import { resetFixture } from './database.js';
import { WORKLOADS } from './documents.js';
import { LOAD_SCRIPT, loadEnv } from './loadScript.js';
import { startStatementCounter } from './statementCounter.js';
import {
  answerList,
  databaseProblem,
  normalized,
  readDump,
  requestInput,
  shapeProblem,
  tableCounts,
} from './verify.js';

/** Requests per cell after the warm-up: each is compared, counted and checked against the tables. */
const VERIFY_REQUESTS = 4;
/** The same nonce for every contender: the same inputs, so answers can be compared. */
const VERIFY_NONCE = 1;

/** `fn(client)` with a client of the benchmark database, closed afterwards. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Verifies `contender` on every (workload, batch) it has a document for. `reference` (a Map,
 * filled by the first contender verified: the hand-written endpoint) holds the normalised answers.
 * Returns a Map `workload/batch` → `{ failure }` or `{ statements, bytes, statementTexts }`
 * (statements per request and bytes per response body, averaged over the requests).
 */
export async function verifyContender({ contender, database, opts, documents, reference, dir }) {
  const results = new Map();
  const cells = [];
  for (const workload of opts.workloads) {
    for (const batch of opts.batches) {
      if (WORKLOADS[workload].documents(batch)[contender.dialect]) cells.push({ workload, batch });
      else results.set(`${workload}/${batch}`, { failure: 'n/a', na: true });
    }
  }
  if (cells.length === 0) return results;
  const db = new URL(database.url);
  const counter = await startStatementCounter({ host: db.hostname, port: Number(db.port || 5432) });
  const proxied = new URL(database.url);
  proxied.port = String(counter.port);
  let server;
  try {
    server = await startServer({
      script: contender.script,
      env: serverEnv(proxied.toString(), opts, contender),
      timeoutMs: 60_000,
    });
  } catch (error) {
    await counter.close();
    for (const { workload, batch } of cells) {
      results.set(`${workload}/${batch}`, { failure: `did not start: ${firstLine(error)}` });
    }
    return results;
  }
  try {
    for (const { workload, batch } of cells) {
      const key = `${workload}/${batch}`;
      try {
        results.set(key, await verifyCell({ workload, batch, server, counter }));
      } catch (error) {
        results.set(key, { failure: firstLine(error) });
      }
    }
  } finally {
    await server.stop();
    await counter.close();
  }
  return results;

  async function verifyCell({ workload, batch, server: { port }, counter: statements }) {
    const { writes } = WORKLOADS[workload];
    await withClient(database.url, resetFixture);
    // One request first, not counted: a connection's first statements (a driver's type lookups)
    // are not the workload's.
    const cell = {
      port,
      workload,
      dialect: contender.dialect,
      batch,
      documentFile: documents.file(workload, batch, contender.dialect),
      dump: join(dir, `${contender.name}-${workload}-${batch}.dump`),
    };
    const warm = await dumpRequests({ ...cell, nonce: 0, max: 1 });
    if (warm.length < 1) throw new Error('no answer within 60 s');
    if (writes) await withClient(database.url, resetFixture);
    const before = await withClient(database.url, tableCounts);
    const counted = statements.statements();
    const textsBefore = statements.texts().length;
    const records = await dumpRequests({ ...cell, nonce: VERIFY_NONCE, max: VERIFY_REQUESTS });
    if (records.length < VERIFY_REQUESTS) {
      throw new Error(`${records.length} of ${VERIFY_REQUESTS} requests answered within 60 s`);
    }
    const perRequest = (statements.statements() - counted) / records.length;
    const statementTexts = statements.texts().slice(textsBefore, textsBefore + perRequest);
    const answers = records.map((record) =>
      normalized(answerList(record, workload, contender.dialect)),
    );
    for (const [i, answer] of answers.entries()) {
      const ref = reference.get(`${workload}/${batch}/${i}`);
      if (ref === undefined) {
        const input = writes ? requestInput(records[i], workload, contender.dialect) : undefined;
        const problem = shapeProblem(workload, batch, JSON.parse(answer), input);
        if (problem) throw new Error(`the reference answer is wrong: ${problem}`);
        reference.set(`${workload}/${batch}/${i}`, answer);
      } else {
        const difference = firstDifference(ref, answer);
        if (difference) throw new Error(`request ${i + 1}: different answer ${difference}`);
      }
    }
    if (writes) {
      const problem = await withClient(database.url, (client) =>
        databaseProblem({ client, workload, dialect: contender.dialect, records, before }),
      );
      if (problem) throw new Error(`database check: ${problem}`);
    }
    const bytes = records.reduce((sum, r) => sum + Buffer.byteLength(r.body), 0) / records.length;
    return { statements: perRequest, bytes, statementTexts };
  }
}

/**
 * Sluice's cost limit here. Its estimate prices a list without a size at defaultPageSize (100)
 * rows, so the documents' three nested lists cost 50 × 100³ ≈ 5·10⁷ for the top-50 read (which
 * returns 3,250 rows) and 1 × 100³ ≈ 10⁶ for a batch-1 create: over the default (50,000). An
 * application that knows its documents raises it the same way.
 */
const SLUICE_MAX_COST = 1e9;

/**
 * The environment every contender server gets (bench/pg/servers/child.js reads it), and the
 * contender's own (sluice-compare: the checkout it runs).
 */
export function serverEnv(databaseUrl, opts, contender) {
  return {
    DATABASE_URL: databaseUrl,
    POOL_SIZE: String(opts.pool),
    NODE_ENV: 'production',
    SLUICE_MAX_COST: String(SLUICE_MAX_COST),
    ...(opts.sluiceRoot ? { SLUICE_ROOT: opts.sluiceRoot } : {}),
    ...contender.env,
  };
}

/**
 * Sends `max` requests of a cell one after the other (wrk, one connection, load.lua's dump mode)
 * and returns the dumped `{ request, status, body }` records.
 */
async function dumpRequests({ port, workload, dialect, batch, nonce, max, dump, documentFile }) {
  writeFileSync(dump, '');
  await runWrk({
    url: `http://127.0.0.1:${port}/graphql`,
    script: LOAD_SCRIPT,
    env: loadEnv({
      documentFile,
      workload,
      dialect,
      batch,
      nonce,
      dump,
      max,
    }),
    seconds: 60,
    connections: 1,
    // wrk runs for its whole duration even when the script stops its thread: interrupted instead.
    interruptWhen: () => readDump(dump).length >= max,
  });
  return readDump(dump);
}

export const firstLine = (error) => String(error?.message ?? error).split('\n')[0];
