// The practical limit: a bare node:http endpoint that knows the benchmark's documents and answers
// each with ONE hand-written SQL statement (handwrittenSql.js): typed arrays in, the answer's JSON
// built by PostgreSQL and passed through as text. A write statement is its own transaction.
import { createServer } from 'node:http';
import { postgresPool, replyJson, runContender, settings } from '../../pg/servers/child.js';
import { WORKLOADS } from '../documents.js';
import {
  CREATE_FLAT_SQL,
  CREATE_SQL,
  READ_SQL,
  UPSERT_SQL,
  createFlatParameters,
  createParameters,
  upsertParameters,
} from '../handwrittenSql.js';

/** The documents it knows: the read for every N up to the benchmark's largest, and the writes. */
function knownDocuments() {
  const documents = new Map();
  for (let batch = 1; batch <= 100; batch++) {
    documents.set(WORKLOADS.read.documents(batch).canonical, {
      sql: READ_SQL,
      rootField: WORKLOADS.read.rootField,
      parameters: () => [batch],
    });
  }
  documents.set(WORKLOADS.create.documents().canonical, {
    sql: CREATE_SQL,
    rootField: WORKLOADS.create.rootField,
    parameters: (variables) => createParameters(variables.input),
  });
  documents.set(WORKLOADS['create-flat'].documents().canonical, {
    sql: CREATE_FLAT_SQL,
    rootField: WORKLOADS['create-flat'].rootField,
    parameters: (variables) => createFlatParameters(variables.input),
  });
  documents.set(WORKLOADS.upsert.documents().canonical, {
    sql: UPSERT_SQL,
    rootField: WORKLOADS.upsert.rootField,
    parameters: (variables) => upsertParameters(variables.input),
  });
  return documents;
}

runContender(async () => {
  const { host, ...pool } = settings();
  const sql = postgresPool(pool, { TimeZone: 'UTC' });
  const documents = knownDocuments();

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let statement;
      let parameters;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        statement = documents.get(body.query);
        parameters = statement?.parameters(body.variables ?? {});
      } catch {
        statement = undefined;
      }
      if (req.method !== 'POST' || !statement) {
        replyJson(res, 400, '{"errors":[{"message":"unknown document or bad variables"}]}');
        return;
      }
      sql.unsafe(statement.sql, parameters).then(
        (rows) => replyJson(res, 200, `{"data":{"${statement.rootField}":${rows[0].json}}}`),
        (error) =>
          replyJson(res, 500, JSON.stringify({ errors: [{ message: String(error.message) }] })),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  return server.address().port;
});
