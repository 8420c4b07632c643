// The contenders of the write benchmark, each a server script run in its own process. `dialect`
// picks the documents it is sent (documents.js); PostGraphile and Sluice reuse bench/pg's servers,
// which serve whatever database they are given.
import { fileURLToPath } from 'node:url';

const own = (name) => fileURLToPath(new URL(`./servers/${name}.js`, import.meta.url));
const shared = (name) => fileURLToPath(new URL(`../pg/servers/${name}.js`, import.meta.url));

export const CONTENDERS = [
  {
    name: 'hand-written',
    short: 'hand',
    description:
      'node:http + postgres.js, ONE hand-written statement per request (CTE chain, unnest of typed arrays; JSON built in PostgreSQL)',
    script: own('handwritten'),
    dialect: 'canonical',
  },
  {
    name: 'per-row',
    short: 'per-row',
    description:
      'Mercurius 16 (graphql-jit on) + postgres.js: one INSERT per row in one transaction, DataLoader reads',
    script: own('perRow'),
    dialect: 'canonical',
  },
  {
    name: 'postgraphile',
    short: 'pgl',
    description:
      'PostGraphile 5 (Amber preset, +list) over pg; flat creates as one aliased createCustomer per row; no nested create, no upsert',
    script: shared('postgraphile'),
    dialect: 'postgraphile',
  },
  {
    name: 'sluice',
    short: 'sluice',
    description: 'Sluice: sluice/pg reflection + sluice/server',
    script: shared('sluice'),
    dialect: 'canonical',
  },
];
