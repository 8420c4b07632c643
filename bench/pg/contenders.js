// The contenders, each a server script run in its own process. `dialect` picks the documents it
// is sent (queries.js); `peer` marks the named peers that "best peer" ratios are taken against;
// `env` is added to the server's environment; `optIn` contenders run only when --contenders names
// them. `workersContenders` adds the real CLI (`sluice serve --workers N`) for --workers.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = (name) => fileURLToPath(new URL(`./servers/${name}.js`, import.meta.url));

export const CONTENDERS = [
  {
    name: 'hand-written',
    description:
      'node:http + postgres.js, one hand-written SQL statement building the JSON (the practical limit)',
    script: script('handwritten'),
    dialect: 'canonical',
    peer: false,
  },
  {
    name: 'mercurius',
    description:
      'Mercurius 16 (fastify 5, graphql-jit on) + DataLoader 2 resolvers over postgres.js',
    script: script('mercurius'),
    dialect: 'canonical',
    peer: true,
  },
  {
    name: 'postgraphile',
    description: 'PostGraphile 5 (Amber preset, +list, grafserv on node:http) over pg',
    script: script('postgraphile'),
    dialect: 'postgraphile',
    peer: true,
  },
  {
    name: 'sluice',
    description: 'Sluice: sluice/pg reflection + sluice/server',
    script: script('sluice'),
    dialect: 'canonical',
    peer: false,
  },
  {
    name: 'sluice-cache-hit',
    description:
      'Sluice with its result cache on for Query.users: every request after the second a hit (the second is kept: the default admission)',
    script: script('sluice'),
    dialect: 'canonical',
    peer: false,
    optIn: true,
    env: { SLUICE_CACHE: 'hit' },
  },
  {
    name: 'sluice-cache-miss',
    description:
      'Sluice with its result cache on for Query.users, each request in a scope of its own: every request computes its key, looks it up, misses and runs; its key seen once, its answer is not kept (the default admission)',
    script: script('sluice'),
    dialect: 'canonical',
    peer: false,
    optIn: true,
    env: { SLUICE_CACHE: 'miss' },
  },
  {
    name: 'sluice-cache-store',
    description:
      "As sluice-cache-miss with admission: 'all': every answer is also kept, the oldest evicted once the cache is full (what a miss that is kept costs)",
    script: script('sluice'),
    dialect: 'canonical',
    peer: false,
    optIn: true,
    env: { SLUICE_CACHE: 'store' },
  },
  {
    name: 'sluice-plain-rows',
    description:
      'Sluice with the plainRows option: a root field of plain columns answered with plain rows, its JSON written in Node',
    script: script('sluice'),
    dialect: 'canonical',
    peer: false,
    optIn: true,
    env: { SLUICE_PLAIN_ROWS: '1' },
  },
  {
    // Opt-in (`--contenders sluice,sluice-rls`): Sluice with row-level security on the same data.
    name: 'sluice-rls',
    description:
      'Sluice with row-level security: each request runs as a role with claims (pgSettings), under a per-row policy on every table',
    script: script('sluice-rls'),
    dialect: 'canonical',
    peer: false,
    optIn: true,
  },
];

// The CLI of the checkout whose dist/ is measured (SLUICE_ROOT, as in servers/sluice.js).
const SLUICE_BIN = process.env.SLUICE_ROOT
  ? join(process.env.SLUICE_ROOT, 'bin', 'sluice.js')
  : fileURLToPath(new URL('../../bin/sluice.js', import.meta.url));

/**
 * `sluice serve --database … --workers N` for each N of `counts`, named `sluice-wN`: the built CLI
 * as it is deployed (node:cluster, one pool of `--pool` connections per worker, `--log-level
 * warn` so no line is written per request). Its Node CPU is that of the primary and every worker.
 */
export function workersContenders(counts) {
  return counts.map((n) => ({
    name: `sluice-w${n}`,
    description:
      n === 1
        ? 'sluice serve --workers 1 (the built CLI: one process, no cluster)'
        : `sluice serve --workers ${n} (the built CLI: a primary and ${n} worker processes sharing the port)`,
    command: process.execPath,
    args: ({ databaseUrl, pool }) => [
      SLUICE_BIN,
      'serve',
      '--database',
      databaseUrl,
      '--workers',
      String(n),
      '--pool-size',
      String(pool),
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--log-level',
      'warn',
    ],
    dialect: 'canonical',
    peer: false,
    workers: n,
  }));
}
