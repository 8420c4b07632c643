// "A typical Node stack" for subscriptions: graphql-ws 6 (`useServer`) on ws 8 and node:http,
// graphql-js's own `subscribe`/`execute` (graphql-ws's defaults), and a resolver that does what
// most applications do (the graphql-subscriptions PubSub pattern): one LISTEN connection whose
// NOTIFY payloads (the changed row's id, from the trigger in database.js) are pushed to every
// subscriber's async iterator, and on each event each subscriber's `resolve` re-queries the row
// (one statement with its author joined, node-postgres pool) before graphql-js executes the
// selection. IPC: `{ statements }` answers the number of statements this server sent.
import { createServer } from 'node:http';
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { runContender, settings } from '../../pg/servers/child.js';
import { TYPICAL_CHANNEL } from '../database.js';

const ROW_SQL = `SELECT p.id, p.title, p.sent_at_ms, u.username
  FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = $1`;

/** In-process fan-out of one channel's events (what graphql-subscriptions' PubSub does). */
function createPubSub() {
  const subscribers = { INSERT: new Set(), UPDATE: new Set() };
  return {
    publish(op, id) {
      for (const push of subscribers[op] ?? []) push(id);
    },
    /** An async iterator of the ids of `op` events, queued until pulled; removed on return(). */
    iterator(op) {
      const queue = [];
      let waiting;
      const push = (id) => {
        if (waiting) {
          const resolve = waiting;
          waiting = undefined;
          resolve({ value: id, done: false });
        } else queue.push(id);
      };
      subscribers[op].add(push);
      return {
        next: () =>
          queue.length > 0
            ? Promise.resolve({ value: queue.shift(), done: false })
            : new Promise((resolve) => (waiting = resolve)),
        return: () => {
          subscribers[op].delete(push);
          waiting?.({ value: undefined, done: true });
          return Promise.resolve({ value: undefined, done: true });
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  let statements = 0;
  const rowById = async (id) => {
    statements++;
    const { rows } = await pool.query(ROW_SQL, [id]);
    const row = rows[0];
    return (
      row && {
        id: row.id,
        title: row.title,
        sentAtMs: row.sent_at_ms,
        author: { username: row.username },
      }
    );
  };

  const pubsub = createPubSub();
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', ({ payload }) => {
    const { op, id } = JSON.parse(payload);
    pubsub.publish(op, id);
  });
  await listener.query(`LISTEN ${TYPICAL_CHANNEL}`);

  const User = new GraphQLObjectType({
    name: 'User',
    fields: { username: { type: new GraphQLNonNull(GraphQLString) } },
  });
  const Post = new GraphQLObjectType({
    name: 'Post',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLInt) },
      title: { type: new GraphQLNonNull(GraphQLString) },
      sentAtMs: { type: new GraphQLNonNull(GraphQLFloat) },
      author: { type: new GraphQLNonNull(User) },
    },
  });
  const event = (op) => ({
    type: Post,
    subscribe: () => pubsub.iterator(op),
    resolve: (id) => rowById(id),
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLBoolean } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: { postCreated: event('INSERT'), postUpdated: event('UPDATE') },
    }),
  });

  process.on('message', (message) => {
    if (message?.statements) process.send({ statements });
  });

  const server = createServer((req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server, path: '/graphql', perMessageDeflate: false });
  useServer({ schema }, wss);
  await new Promise((resolve) => server.listen(0, host, resolve));
  return server.address().port;
});
