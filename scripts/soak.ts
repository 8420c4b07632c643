/**
 * A bounded soak of `sluice serve` (scripts/soak/README.md): distinct documents and operation names
 * against `serve --schema` and `serve --database` (a database it creates on a local server and
 * drops at the end), sampling the memory of Sluice and of its PostgreSQL backends every second.
 *
 *   npm run soak -- [--target both|schema|database] [--requests 50000] [--seconds 60]
 *                   [--concurrency 8] [--limit-trips-every 50] [--database-url <url>] [--no-build]
 *                   [--max-sluice-rss-mib 320] [--max-backend-rss-mib 48]
 *
 * Exits 1 when any answer is neither a 200 nor a 400 for a limit the soak trips on purpose, or when
 * Sluice's RSS or any one backend's RSS went past its bound at any sample; 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  onlyExpected,
  runLoad,
  withLimitTrips,
  type Counts,
  type SoakRequest,
} from './soak/load.js';
import { startSampling, type Figures } from './soak/sampler.js';
import { createSoakDatabase, startSluice, type SoakDatabase } from './soak/targets.js';
import { databaseRequest, schemaRequest } from './soak/workloads.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const MiB = 1024 * 1024;

function options() {
  const { values } = parseArgs({
    options: {
      target: { type: 'string', default: 'both' },
      requests: { type: 'string', default: '50000' },
      seconds: { type: 'string', default: '60' },
      concurrency: { type: 'string', default: '8' },
      'limit-trips-every': { type: 'string', default: '50' },
      'database-url': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'max-sluice-rss-mib': { type: 'string', default: '320' },
      'max-backend-rss-mib': { type: 'string', default: '48' },
    },
  });
  const int = (name: keyof typeof values, min: number, max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name}: an integer from ${min} to ${max}`);
    return n;
  };
  const target = values.target ?? 'both';
  if (!['both', 'schema', 'database'].includes(target))
    throw new Error('--target: both, schema or database');
  return {
    targets: target === 'both' ? ['schema', 'database'] : [target],
    requests: int('requests', 1, 1_000_000),
    seconds: int('seconds', 1, 3600),
    concurrency: int('concurrency', 1, 256),
    limitTripsEvery: int('limit-trips-every', 0, 1_000_000),
    databaseUrl:
      values['database-url'] ??
      process.env['DATABASE_URL'] ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    build: !values['no-build'],
    maxSluiceRss: int('max-sluice-rss-mib', 1, 1_000_000) * MiB,
    maxBackendRss: int('max-backend-rss-mib', 1, 1_000_000) * MiB,
  };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

function report(target: string, counts: Counts, figures: Figures): string {
  const sorted = <K>(map: Map<K, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${String(k)} ${n}`)
      .join(', ') || 'none';
  const { peak, last } = figures;
  const lines = [
    `${target}: ${counts.sent} requests in ${(counts.ms / 1000).toFixed(1)} s (${Math.round(counts.sent / (counts.ms / 1000))}/s)`,
    `  statuses: ${sorted(counts.statuses)}`,
    `  codes:    ${sorted(counts.codes)}`,
    `  failures: ${sorted(counts.failures)}`,
    `  sluice RSS:   peak ${mib(peak.node.rss)}, final ${mib(last?.node.rss ?? 0)} (anon peak ${mib(peak.node.anon)}, final ${mib(last?.node.anon ?? 0)})`,
  ];
  if (peak.backends > 0) {
    lines.push(
      `  backends:     peak ${peak.backends}, final ${last?.backends ?? 0}`,
      `  backend RSS:  all peak ${mib(peak.backendRss)}, final ${mib(last?.backendRss ?? 0)}; largest peak ${mib(peak.largestBackendRss)}, final ${mib(last?.largestBackendRss ?? 0)}`,
      `  backend anon: all peak ${mib(peak.backendAnon)}, final ${mib(last?.backendAnon ?? 0)}`,
    );
  }
  lines.push(`  samples: ${figures.samples} (one a second)`);
  return lines.join('\n');
}

/** The memory bounds the soak holds the server and its backends to, at every sample. */
function withinBounds(
  figures: Figures,
  limits: { maxSluiceRss: number; maxBackendRss: number },
): { exceeded: string[] } {
  const exceeded: string[] = [];
  if (figures.peak.node.rss > limits.maxSluiceRss)
    exceeded.push(
      `sluice RSS peaked at ${mib(figures.peak.node.rss)}, over ${mib(limits.maxSluiceRss)}`,
    );
  if (figures.peak.largestBackendRss > limits.maxBackendRss)
    exceeded.push(
      `a backend's RSS peaked at ${mib(figures.peak.largestBackendRss)}, over ${mib(limits.maxBackendRss)}`,
    );
  return { exceeded };
}

async function soak(
  target: string,
  args: string[],
  workload: (i: number) => SoakRequest,
  backendPids: () => Promise<number[]>,
  limits: ReturnType<typeof options>,
  signal: AbortSignal,
): Promise<boolean> {
  const sluice = await startSluice(args);
  const sampling = startSampling(sluice.pid, backendPids);
  let counts: Counts | undefined;
  let figures: Figures;
  try {
    counts = await runLoad(sluice.port, withLimitTrips(workload, limits.limitTripsEvery), {
      ...limits,
      signal,
    });
    // A quiet second and a half, so the final figures are taken after the load.
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    figures = await sampling.stop();
    const code = await sluice.stop();
    if (code !== 0) process.stdout.write(`${target}: sluice exited with ${code}\n`);
  }
  process.stdout.write(`${report(target, counts, figures)}\n`);
  const within = withinBounds(figures, limits);
  for (const line of within.exceeded) process.stdout.write(`${target}: ${line}\n`);
  return onlyExpected(counts) && within.exceeded.length === 0;
}

async function main(): Promise<number> {
  let limits: ReturnType<typeof options>;
  try {
    limits = options();
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\n`);
    return 2;
  }
  if (limits.build) {
    process.stdout.write('building (npm run build; --no-build to skip)…\n');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) return 1;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  let clean = true;
  for (const target of limits.targets) {
    if (target === 'schema') {
      clean =
        (await soak(
          'serve --schema',
          ['--schema', 'scripts/soak/schema.mjs'],
          schemaRequest,
          async () => [],
          limits,
          stop.signal,
        )) && clean;
      continue;
    }
    let database: SoakDatabase | undefined;
    try {
      database = await createSoakDatabase(limits.databaseUrl);
      const db = database;
      clean =
        (await soak(
          'serve --database',
          ['--database', db.url],
          databaseRequest,
          () => db.backendPids(),
          limits,
          stop.signal,
        )) && clean;
    } finally {
      await database?.drop();
    }
  }
  process.stdout.write(
    clean
      ? 'soak: only expected answers, memory within its bounds\n'
      : 'soak: UNEXPECTED answers or memory over its bounds (see above)\n',
  );
  return clean ? 0 : 1;
}

process.exitCode = await main();
