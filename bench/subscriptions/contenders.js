// The contenders: the typical Node stack (servers/typical.js) and Sluice's database change events
// (`sluice db triggers --apply`, then `sluice serve --database`, the built CLI). Each `start`
// returns a started server (processes.js) with its `port`; every server runs with `--expose-gc`
// and servers/memoryProbe.js, so its heap can be read the same way.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../pg/children.js';
import { startNode } from './processes.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const PROBE = ['--expose-gc', '--import', here('./servers/memoryProbe.js')];
/** The server's flags: the memory probe, and with `profile` the CPU profile probe. */
const probes = (profile) =>
  profile ? [...PROBE, '--import', here('./servers/profileProbe.js')] : PROBE;
// SLUICE_ROOT, when set, names another checkout whose built CLI is measured (as in bench/pg).
const SLUICE_BIN = process.env.SLUICE_ROOT
  ? join(process.env.SLUICE_ROOT, 'bin', 'sluice.js')
  : here('../../bin/sluice.js');

/** What every subscriber subscribes to, the same text for both contenders (id → document). */
export const DOCUMENTS = {
  c: 'subscription { postCreated { id title sentAtMs author { username } } }',
  u: 'subscription { postUpdated { id title sentAtMs author { username } } }',
};

export const CONTENDERS = [
  {
    name: 'typical',
    description:
      'graphql-ws 6 + ws 8 + graphql-js subscribe; one LISTEN, each subscriber re-queries the row (pg) on every NOTIFY',
    async start({ databaseUrl, pool, profile }) {
      const server = await startNode({
        modulePath: here('./servers/typical.js'),
        env: { DATABASE_URL: databaseUrl, POOL_SIZE: String(pool), NODE_ENV: 'production' },
        execArgv: probes(profile),
        readyKey: 'port',
        timeoutMs: 60_000,
      });
      return { ...server, port: server.ready };
    },
  },
  {
    name: 'sluice',
    description:
      'sluice db triggers --apply, then sluice serve --database (the built CLI): change-event subscriptions over graphql-ws',
    /** Installs Sluice's triggers, as its operator would (once per database). */
    async prepare({ databaseUrl }) {
      const { code, stdout, stderr } = await runCommand(
        process.execPath,
        [SLUICE_BIN, 'db', 'triggers', '--apply', '--database', databaseUrl],
        { timeoutMs: 60_000 },
      );
      if (code !== 0) {
        const why = `${stderr}\n${stdout}`.trim().split('\n')[0];
        throw new Error(`change-event subscriptions not available in this build (${why})`);
      }
    },
    async start({ databaseUrl, pool, profile }) {
      const server = await startNode({
        modulePath: SLUICE_BIN,
        args: [
          'serve',
          '--database',
          databaseUrl,
          '--pool-size',
          String(pool),
          '--host',
          '127.0.0.1',
          '--port',
          '0',
          '--log-level',
          'warn',
        ],
        env: { NODE_ENV: 'production' },
        execArgv: probes(profile),
        readyLine: /serving GraphQL at (\S+)/,
        timeoutMs: 60_000,
      });
      return { ...server, port: Number(new URL(server.ready).port) };
    },
  },
];
