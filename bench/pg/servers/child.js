// What every contender process shares: its settings from the environment, the ready message to
// the benchmark over the IPC channel, and exiting as soon as the benchmark goes away (so no server
// outlives a benchmark that crashed or was killed).
import postgres from 'postgres';

/** Settings the benchmark passes to every contender, the same for all. */
export function settings() {
  const databaseUrl = process.env.DATABASE_URL;
  const poolSize = Number(process.env.POOL_SIZE);
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) throw new Error('POOL_SIZE is not set');
  return { databaseUrl, poolSize, host: '127.0.0.1' };
}

/** Tells the benchmark the server listens on `port`. */
export function announce(port) {
  if (!process.send) throw new Error('start this server from bench/pg/run.js (needs IPC)');
  process.send({ ready: true, port });
}

/** Runs `start`, announcing its port; any failure is printed and ends the process. */
export function runContender(start) {
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  start().then(announce, (error) => {
    console.error(error);
    process.exit(1);
  });
}

/** Ends `res` with a JSON body (the hand-written endpoints). */
export function replyJson(res, status, body) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * A postgres.js pool of `poolSize` connections with `jit = off` (bench/pg/database.js) and any
 * further session settings. postgres.js prepares each statement once per connection.
 */
export function postgresPool({ databaseUrl, poolSize }, connection = {}) {
  return postgres(databaseUrl, {
    max: poolSize,
    connection: { jit: 'off', ...connection },
    onnotice: () => {},
  });
}
