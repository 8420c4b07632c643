// Command-line options of the PostgreSQL benchmark (npm run bench:pg -- --help).
import { parseArgs } from 'node:util';
import { CONTENDERS } from './contenders.js';
import { SIZES } from './data.js';
import { listOption as list, loopbackServer, positiveOption as positive } from './optionParsers.js';
import { QUERIES } from './queries.js';

const optIn = CONTENDERS.filter((c) => c.optIn)
  .map((c) => c.name)
  .join(', ');

const HELP = `Usage: npm run bench:pg -- [options]   (from bench/, after npm run build at the root)

  --sizes <list>        sizes to run, of ${Object.keys(SIZES).join(', ')} (default: all)
  --contenders <list>   of ${CONTENDERS.map((c) => c.name).join(', ')} (default: all but the opt-in ${optIn})
  --workers <list>      also run the built CLI, \`sluice serve --workers N\`, for each N (e.g. 1,2);
                        contenders sluice-wN, compared with the first N (default: none)
  --queries <list>      of ${Object.keys(QUERIES).join(', ')} (default: all)
  --seconds <n>         measured seconds of one run (default 8)
  --warmup <n>          unmeasured seconds before each run (default 3)
  --rounds <n>          runs per contender and query, interleaved; the median is reported (default 5)
  --connections <n>     wrk connections (default 16)
  --pool <n>            PostgreSQL pool size of every contender (default 8)
  --server <url>        PostgreSQL server (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --fresh               rebuild the databases even if their data is current
  --drop                drop the databases at the end (default: keep them for the next run)
  --max-minutes <n>     hard stop for the whole run (default 30)
  --json <file>         also write the results as JSON
`;

/** The parsed options; prints the help and exits on --help, throws on a bad value. */
export function options() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: Object.keys(SIZES).join(',') },
      contenders: {
        type: 'string',
        default: CONTENDERS.filter((c) => !c.optIn)
          .map((c) => c.name)
          .join(','),
      },
      queries: { type: 'string', default: Object.keys(QUERIES).join(',') },
      workers: { type: 'string', default: '' },
      seconds: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '16' },
      pool: { type: 'string', default: '8' },
      server: {
        type: 'string',
        default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      fresh: { type: 'boolean', default: false },
      drop: { type: 'boolean', default: false },
      'max-minutes': { type: 'string', default: '30' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  return {
    sizes: list(values.sizes, Object.keys(SIZES), 'size'),
    contenders: list(
      values.contenders,
      CONTENDERS.map((c) => c.name),
      'contender',
    ),
    queries: list(values.queries, Object.keys(QUERIES), 'query'),
    workers: [
      ...new Set(
        values.workers
          .split(',')
          .filter(Boolean)
          .map((n) => positive(n, 'workers', 64)),
      ),
    ],
    seconds: positive(values.seconds, 'seconds', 600),
    warmup: positive(values.warmup, 'warmup', 600),
    rounds: positive(values.rounds, 'rounds', 20),
    connections: positive(values.connections, 'connections', 1000),
    pool: positive(values.pool, 'pool', 100),
    maxMinutes: positive(values['max-minutes'], 'max-minutes', 240),
    server: loopbackServer(values.server),
    fresh: values.fresh,
    drop: values.drop,
    json: values.json,
  };
}
