// Command-line options of the write benchmark (npm run bench:writes -- --help).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listOption, loopbackServer, positiveOption } from '../pg/optionParsers.js';
import { CONTENDERS } from './contenders.js';
import { WORKLOADS } from './documents.js';

const HELP = `Usage: npm run bench:writes -- [options]   (from bench/, after npm run build at the root)

  --workloads <list>    of ${Object.keys(WORKLOADS).join(', ')} (default: all)
  --concurrency <list>  wrk connections, one cell each (default 1,8,32,64)
  --batches <list>      customers per request (read: top-N), one cell each (default 1,10,50)
  --contenders <list>   of ${CONTENDERS.map((c) => c.name).join(', ')} (default: all)
  --rounds <n>          measured runs per contender and cell, interleaved; the median is reported (default 5)
  --seconds <n>         measured seconds of one run (default 5)
  --warmup <n>          unmeasured seconds before each run (default 2)
  --pool <n>            PostgreSQL pool size of every contender (default 8)
  --server <url>        PostgreSQL server (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --sluice-root <dir>   run the Sluice contender from the built dist/ of another checkout
  --compare <dir>       also run sluice-compare: Sluice from the built dist/ of <dir>, in the same rounds
  --cpu-prof <dir>      write <dir>/<contender>.cpuprofile of each contender's measured server
  --statements          print the statements each contender sent for one request of each cell
  --drop                drop the database at the end (default: keep it)
  --max-minutes <n>     hard stop for the whole run (default 120)
  --json <file>         also write the results as JSON

The cells of the targets alone (about 15 minutes):
  npm run bench:writes -- --concurrency 32 --batches 1,50
`;

/** The parsed options; prints the help and exits on --help, throws on a bad value. */
export function options() {
  const { values } = parseArgs({
    options: {
      workloads: { type: 'string', default: Object.keys(WORKLOADS).join(',') },
      concurrency: { type: 'string', default: '1,8,32,64' },
      batches: { type: 'string', default: '1,10,50' },
      contenders: { type: 'string', default: CONTENDERS.map((c) => c.name).join(',') },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      pool: { type: 'string', default: '8' },
      server: {
        type: 'string',
        default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      'sluice-root': { type: 'string' },
      compare: { type: 'string' },
      'cpu-prof': { type: 'string' },
      statements: { type: 'boolean', default: false },
      drop: { type: 'boolean', default: false },
      'max-minutes': { type: 'string', default: '120' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const numbers = (text, what, max) =>
    [...new Set(text.split(',').filter(Boolean))]
      .map((item) => positiveOption(item, what, max))
      .sort((a, b) => a - b);
  return {
    workloads: listOption(values.workloads, Object.keys(WORKLOADS), 'workload'),
    concurrency: numbers(values.concurrency, 'concurrency', 1000),
    // The hand-written endpoint knows the read documents up to 100 (servers/handwritten.js).
    batches: numbers(values.batches, 'batches', 100),
    contenders: listOption(
      values.contenders,
      CONTENDERS.map((c) => c.name),
      'contender',
    ),
    rounds: positiveOption(values.rounds, 'rounds', 20),
    seconds: positiveOption(values.seconds, 'seconds', 600),
    warmup: positiveOption(values.warmup, 'warmup', 600),
    pool: positiveOption(values.pool, 'pool', 100),
    server: loopbackServer(values.server),
    sluiceRoot: values['sluice-root'],
    compare: values.compare === undefined ? undefined : resolve(values.compare),
    cpuProf: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    statements: values.statements,
    drop: values.drop,
    maxMinutes: positiveOption(values['max-minutes'], 'max-minutes', 240),
    json: values.json,
  };
}
