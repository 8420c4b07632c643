// Command-line options of the subscriptions benchmark (npm run bench:subscriptions -- --help).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  listOption as list,
  loopbackServer,
  positiveOption as positive,
} from '../pg/optionParsers.js';
import { CONTENDERS } from './contenders.js';

const HELP = `Usage: npm run bench:subscriptions -- [options]   (from bench/, after npm run build at the root)

  --contenders <list>     of ${CONTENDERS.map((c) => c.name).join(', ')} (default: all)
  --subscribers <n>       WebSocket subscribers on the one server process (default 10000)
  --count-at <list>       subscriber counts at which statements per event are counted (default 1000,<subscribers>)
  --rate <n>              events committed per second (default 2)
  --seconds <n>           seconds of events in a measured round (default 10)
  --rounds <n>            measured rounds per contender, interleaved; medians reported (default 3)
  --drain-seconds <n>     longest wait for the deliveries after the last event (default 60)
  --pool <n>              PostgreSQL pool size of every contender (default 8)
  --server <url>          PostgreSQL server (default $BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --drop                  drop the database at the end
  --max-minutes <n>       hard stop for the whole run (default 30)
  --json <file>           also write the results as JSON
  --cpu-prof <dir>        write <dir>/<contender>-<subscribers>-<n>.cpuprofile: each server's CPU
                          profile over its measured events (slows the servers: compare profiles
                          with each other, not their figures with a run without it; summarise
                          with node http/profileSummary.js <file>)
`;

/** The parsed options; prints the help and exits on --help, throws on a bad value. */
export function options() {
  const { values } = parseArgs({
    options: {
      contenders: { type: 'string', default: CONTENDERS.map((c) => c.name).join(',') },
      subscribers: { type: 'string', default: '10000' },
      'count-at': { type: 'string' },
      rate: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      'drain-seconds': { type: 'string', default: '60' },
      pool: { type: 'string', default: '8' },
      server: {
        type: 'string',
        default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      drop: { type: 'boolean', default: false },
      'max-minutes': { type: 'string', default: '30' },
      json: { type: 'string' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const subscribers = positive(values.subscribers, 'subscribers', 15_000);
  const countAt = (values['count-at'] ?? `${Math.min(1000, subscribers)},${subscribers}`)
    .split(',')
    .filter(Boolean)
    .map((n) => positive(n, 'count-at', 15_000));
  return {
    contenders: list(
      values.contenders,
      CONTENDERS.map((c) => c.name),
      'contender',
    ),
    subscribers,
    countAt: [...new Set(countAt)],
    rate: positive(values.rate, 'rate', 1000),
    seconds: positive(values.seconds, 'seconds', 600),
    rounds: positive(values.rounds, 'rounds', 20),
    drainSeconds: positive(values['drain-seconds'], 'drain-seconds', 600),
    pool: positive(values.pool, 'pool', 100),
    maxMinutes: positive(values['max-minutes'], 'max-minutes', 240),
    server: loopbackServer(values.server),
    drop: values.drop,
    json: values.json,
    cpuProf: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
  };
}
