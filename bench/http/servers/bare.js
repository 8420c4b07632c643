// The practical limit: node:http reads the whole POST body, parses it as JSON, and writes the
// precomputed response bytes for its query. No GraphQL work at all; what remains is HTTP and JSON.
import { createServer } from 'node:http';
import { referenceBody } from '../reference.js';
import { scenarios } from '../schema.js';
import { announce } from './announce.js';

const responses = new Map(
  scenarios.map((scenario) => [scenario.body.query, Buffer.from(referenceBody(scenario.body))]),
);

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let bytes;
    try {
      bytes = responses.get(JSON.parse(Buffer.concat(chunks).toString('utf8')).query);
    } catch {
      bytes = undefined;
    }
    if (!bytes) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"errors":[]}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
    res.end(bytes);
  });
});

announce(server, '/graphql');
