// Diagnostic contender: Sluice's engine (createEngine -> prepare -> execute -> JSON text) behind the
// same minimal node:http handler as `bare`, without Sluice's server layer. Sluice's server against
// this one is the cost of the server layer (GraphQL over HTTP, limits, metrics, headers); this one
// against `bare` is the cost of the engine.
import { createServer } from 'node:http';
import { createEngine, makeSchema } from 'sluice';
import { resolvers, typeDefs } from '../schema.js';
import { announce } from './announce.js';

const engine = createEngine({ schema: makeSchema({ typeDefs, resolvers }) });

function reply(res, status, body) {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let params;
    try {
      params = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, '{"errors":[{"message":"bad JSON"}]}');
    }
    const prepared = engine.prepare(params.query, params.operationName);
    if (!prepared.ok) return reply(res, 400, prepared.body);
    const outcome = prepared.execute({ variables: params.variables });
    if (outcome instanceof Promise) {
      outcome.then(
        (o) => reply(res, 200, o.body),
        () => reply(res, 500, '{"errors":[]}'),
      );
    } else {
      reply(res, 200, outcome.body);
    }
  });
});

announce(server, '/graphql');
