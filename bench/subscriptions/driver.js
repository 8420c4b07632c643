// The event source: a process that commits changes to `posts` at a fixed rate, each in its own
// transaction (one autocommit statement), alternately a new post (INSERT) and a new title for the
// post inserted last (UPDATE). Every row carries `sent_at_ms`, this process's clock when it sent
// the committing statement (the same machine's clock as the clients'), from which the clients
// measure delivery latency. Started with IPC by run.js: `{ run: { events, rate } }` answers
// `{ done: { events, statementMs: [..] } }` once every event is committed.
import pg from 'pg';
import { DRIVER_APPLICATION } from './database.js';

const now = () => performance.timeOrigin + performance.now();

const client = new pg.Client({
  connectionString: process.env.DATABASE_URL,
  application_name: DRIVER_APPLICATION,
});
await client.connect();
let serial = 0;
let lastId;

/** Commits one event; returns the round trip of its statement (send → commit acknowledged), ms. */
async function commitOne() {
  serial++;
  const sentAt = now();
  if (lastId === undefined || serial % 2 === 1) {
    const { rows } = await client.query(
      'INSERT INTO posts (title, author_id, sent_at_ms) VALUES ($1, $2, $3) RETURNING id',
      [`post ${serial}`, (serial % 100) + 1, sentAt],
    );
    lastId = rows[0].id;
  } else {
    await client.query('UPDATE posts SET title = $1, sent_at_ms = $2 WHERE id = $3', [
      `post ${serial} (edited)`,
      sentAt,
      lastId,
    ]);
  }
  return now() - sentAt;
}

/** `events` events, the i-th due at start + i / rate (a late one is sent at once, not skipped). */
async function run({ events, rate }) {
  const statementMs = [];
  const start = performance.now();
  for (let i = 0; i < events; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    statementMs.push(await commitOne());
  }
  return { events, statementMs };
}

process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (!message?.run) return;
  run(message.run).then(
    (done) => process.send({ done }),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.send({ ready: true });
