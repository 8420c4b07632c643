// HTTP load benchmark of a resolver schema with no database (issue 3, done-when 4).
//
//   npm run bench:http                       (in bench/, after `npm run build` at the root)
//   npm run bench:http -- --duration 10 --rounds 2 --only sluice,mercurius --profile
//
// In one run: bare node:http (the practical limit), Mercurius (jit: 1), GraphQL Yoga and Sluice
// each serve the same schema from their own child process; the load generator (wrk by default,
// autocannon with --generator autocannon) is a third process. Every contender must return the
// reference bytes before and after it is loaded. Loopback only, a fixed duration per contender, and
// every child is killed at the end, on error and on Ctrl-C.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runAutocannon } from './autocannon.js';
import { killAll, killChildrenOnExit } from './children.js';
import { startContender } from './contender.js';
import { hasWrk } from './hasWrk.js';
import { cpuMs, rssMiB } from './procStats.js';
import { referenceBody } from './reference.js';
import { printRounds, printScenario, printTarget } from './report.js';
import { scenarios as allScenarios } from './schema.js';
import { verifyBody } from './verifyBody.js';
import { runWrk } from './wrk.js';

const CONTENDERS = ['bare', 'mercurius', 'yoga', 'sluice'];
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

const HELP = `Usage: npm run bench:http -- [options]
  --duration <s>      measured seconds per contender and scenario (default 5, max 60)
  --warmup <s>        warm-up seconds before each measurement (default 2, max 30)
  --connections <n>   concurrent keep-alive connections (default 32)
  --threads <n>       wrk threads (default 1: the server needs the other core)
  --rounds <n>        repeat everything n times, rotating the order; report medians (default 1)
  --only <list>       contenders, comma-separated, from: ${CONTENDERS.join(', ')}
  --scenarios <list>  from: ${allScenarios.map((s) => s.name).join(', ')}
  --generator <g>     wrk (default) or autocannon
  --profile           run the sluice server with --cpu-prof (profiles in bench/results/profiles)
  --help`;

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      threads: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '1' },
      only: { type: 'string', default: CONTENDERS.join(',') },
      scenarios: { type: 'string', default: allScenarios.map((s) => s.name).join(',') },
      generator: { type: 'string', default: 'wrk' },
      profile: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const int = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${values[name]}"`);
    }
    return n;
  };
  const list = (name, known) => {
    const names = values[name].split(',').filter(Boolean);
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length || !names.length) {
      throw new Error(`--${name}: unknown "${unknown.join(',')}"; choose from ${known.join(', ')}`);
    }
    return names;
  };
  if (!['wrk', 'autocannon'].includes(values.generator)) {
    throw new Error(`--generator must be wrk or autocannon, got "${values.generator}"`);
  }
  if (values.generator === 'wrk' && !hasWrk()) {
    throw new Error(
      'wrk is not installed: `apt-get install -y wrk`, or use --generator autocannon',
    );
  }
  const scenarioNames = list(
    'scenarios',
    allScenarios.map((s) => s.name),
  );
  return {
    durationS: int('duration', 1, 60),
    warmupS: int('warmup', 0, 30),
    connections: int('connections', 1, 1000),
    threads: int('threads', 1, 8),
    rounds: int('rounds', 1, 10),
    contenders: list('only', CONTENDERS),
    scenarios: allScenarios.filter((s) => scenarioNames.includes(s.name)),
    generator: values.generator,
    profile: values.profile,
  };
}

/** Starts one contender, checks its bytes, warms it up, loads it, and always stops it. */
async function measure(name, scenario, expected, opts) {
  const load = opts.generator === 'wrk' ? runWrk : runAutocannon;
  const requestBody = JSON.stringify(scenario.body);
  const execArgv =
    opts.profile && name === 'sluice'
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${RESULTS_DIR}profiles`,
          `--cpu-prof-name=sluice-${scenario.name}-${Date.now()}.cpuprofile`,
        ]
      : [];
  let server;
  try {
    server = await startContender(name, { execArgv });
    const wrong = await verifyBody(server.url, requestBody, expected);
    if (wrong) return { error: `wrong response: ${wrong}` };
    const args = {
      url: server.url,
      body: requestBody,
      connections: opts.connections,
      threads: opts.threads,
    };
    if (opts.warmupS > 0) {
      const warm = await load({ ...args, durationS: opts.warmupS });
      if (warm.errors > 0) return { error: `errors during warm-up (${warm.errorDetail})` };
    }
    const cpuBefore = cpuMs(server.pid);
    const t0 = performance.now();
    const result = await load({ ...args, durationS: opts.durationS });
    const wallMs = performance.now() - t0;
    const serverCpuMs = cpuMs(server.pid) - cpuBefore;
    const rss = rssMiB(server.pid);
    const after = await verifyBody(server.url, requestBody, expected);
    if (after) return { error: `wrong response after load: ${after}` };
    if (result.errors > 0) return { error: `errors under load (${result.errorDetail})` };
    return {
      result: {
        ...result,
        rssMiB: rss,
        serverCpuPct: (serverCpuMs / wallMs) * 100,
        generatorCpuPct: (result.generatorCpuMs / wallMs) * 100,
      },
    };
  } catch (error) {
    return { error: String(error?.message ?? error).split('\n')[0] };
  } finally {
    await server?.stop();
  }
}

/** The run with the median req/s (lower median for an even count), or the first failure. */
function median(runs) {
  const ok = runs.filter((r) => r.result).sort((a, b) => a.result.rps - b.result.rps);
  return ok[Math.floor((ok.length - 1) / 2)] ?? runs[0];
}

async function main() {
  const opts = options();
  killChildrenOnExit();
  mkdirSync(RESULTS_DIR, { recursive: true });
  console.log(
    `# bench:http  node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}\n` +
      `generator ${opts.generator} (${opts.generator === 'wrk' ? `${opts.threads} thread, ` : ''}${opts.connections} connections), ` +
      `${opts.warmupS}s warm-up + ${opts.durationS}s measured per contender, ${opts.rounds} round(s)`,
  );
  const expected = new Map(opts.scenarios.map((s) => [s.name, referenceBody(s.body)]));
  const runs = [];
  for (let round = 0; round < opts.rounds; round++) {
    for (const scenario of opts.scenarios) {
      // Rotate the order each round so no contender always runs first (or last) on a busy machine.
      const order = opts.contenders.map(
        (_, i) => opts.contenders[(i + round) % opts.contenders.length],
      );
      for (const name of order) {
        const run = await measure(name, scenario, expected.get(scenario.name), opts);
        runs.push({ round, scenario: scenario.name, name, ...run });
        const r = run.result;
        console.error(
          `  [${round + 1}/${opts.rounds}] ${scenario.name} ${name}: ` +
            (r ? `${r.rps.toFixed(0)} req/s` : `not measured: ${run.error}`),
        );
      }
    }
  }

  const summaries = opts.scenarios.map((scenario) => {
    const mine = runs.filter((r) => r.scenario === scenario.name);
    return {
      scenario,
      runs: opts.contenders.map((name) => ({
        name,
        ...median(mine.filter((r) => r.name === name)),
      })),
      all: mine,
    };
  });
  for (const { scenario, runs: medians, all } of summaries) {
    printScenario(scenario, Buffer.byteLength(expected.get(scenario.name)), medians);
    if (opts.rounds > 1) printRounds(opts.contenders, all);
  }
  printTarget(summaries);
  console.log(
    `load average at the end ${loadavg()[0].toFixed(2)} (other work on the machine skews every figure)`,
  );
  const file = `${RESULTS_DIR}http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ options: opts, runs }, null, 2));
  console.log(`results: ${file}`);
}

main().then(
  () => killAll(),
  (error) => {
    console.error(`bench:http: ${error.message}`);
    killAll();
    process.exitCode = 1;
  },
);
