// The practical limit: a bare node:http endpoint that knows the benchmark's two documents and
// answers each with ONE hand-written SQL statement that builds the whole JSON inside Postgres,
// passed through as text (no JSON.parse of the rows, no per-field work in Node).
import { createServer } from 'node:http';
import { HANDWRITTEN_SQL } from '../queries.js';
import { postgresPool, replyJson, runContender, settings } from './child.js';

runContender(async () => {
  const { host, ...pool } = settings();
  const sql = postgresPool(pool);
  const statements = new Map(Object.values(HANDWRITTEN_SQL).map((q) => [q.query, q]));

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let statement;
      try {
        statement = statements.get(JSON.parse(Buffer.concat(chunks).toString('utf8')).query);
      } catch {
        statement = undefined;
      }
      if (req.method !== 'POST' || !statement) {
        replyJson(res, 400, '{"errors":[{"message":"unknown document"}]}');
        return;
      }
      sql.unsafe(statement.sql).then(
        (rows) => replyJson(res, 200, `{"data":{"${statement.rootField}":${rows[0].json}}}`),
        (error) =>
          replyJson(res, 500, JSON.stringify({ errors: [{ message: String(error.message) }] })),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  return server.address().port;
});
