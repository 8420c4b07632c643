// HTTP load benchmark of a resolver schema with no database.
//
//   npm run bench:http                       (in bench/, after `npm run build` at the root)
//   npm run bench:http -- --priority=-10 --only sluice,mercurius --profile sluice
//
// In one run: bare node:http (the practical limit), Mercurius (jit: 1), GraphQL Yoga, Sluice and
// Sluice's engine behind a bare handler each serve the same schema from their own child process;
// the load generator (wrk by default, autocannon with --generator autocannon) is another process.
// Every contender must return the reference bytes before and after it is loaded. Loopback only,
// fixed durations, and every child is killed at the end, on error and on Ctrl-C. See README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { killAll, killChildrenOnExit } from './children.js';
import { hasWrk } from './hasWrk.js';
import { referenceBody } from './reference.js';
import { setRunPriority } from './priority.js';
import { printRounds, printScenario, printTarget } from './report.js';
import { runScenario } from './runScenario.js';
import { scenarios as allScenarios } from './schema.js';

const CONTENDERS = ['bare', 'mercurius', 'yoga', 'sluice', 'sluice-engine'];
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

const HELP = `Usage: npm run bench:http -- [options]
  --duration <s>      measured seconds per contender, scenario and round (default 3, max 60)
  --warmup <s>        warm-up seconds per contender before its first round (default 2, max 30)
  --connections <n>   concurrent keep-alive connections (default 32)
  --threads <n>       wrk threads (default 1: the server needs the other core)
  --rounds <n>        measure each contender n times, interleaved, the order rotated each round;
                      report the median round (default 3)
  --only <list>       contenders, comma-separated, from: ${CONTENDERS.join(', ')}
  --scenarios <list>  from: ${allScenarios.map((s) => s.name).join(', ')}
  --generator <g>     wrk (default) or autocannon
  --priority=<n>      nice value of every server and generator, set on their own scheduling
                      autogroups (default: unchanged); a negative one (root only) shields the
                      measurement from other work on a shared machine, at that work's expense,
                      for the run's bounded duration
  --profile <list>    run these contenders with node --cpu-prof (bench/results/profiles; read one
                      with: node http/profileSummary.js <file>)
  --help`;

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      threads: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '3' },
      only: { type: 'string', default: CONTENDERS.join(',') },
      scenarios: { type: 'string', default: allScenarios.map((s) => s.name).join(',') },
      generator: { type: 'string', default: 'wrk' },
      priority: { type: 'string' },
      profile: { type: 'string', default: '' },
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
    priority: values.priority === undefined ? undefined : int('priority', -20, 19),
    profile: values.profile ? list('profile', CONTENDERS) : [],
  };
}

async function main() {
  const opts = options();
  killChildrenOnExit();
  setRunPriority(opts.priority);
  mkdirSync(RESULTS_DIR, { recursive: true });
  console.log(
    `# bench:http  node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}, priority ${opts.priority ?? 'unchanged'}\n` +
      `generator ${opts.generator} (${opts.generator === 'wrk' ? `${opts.threads} thread, ` : ''}${opts.connections} connections), ` +
      `${opts.warmupS}s warm-up, then ${opts.rounds} x ${opts.durationS}s measured per contender`,
  );
  const expected = new Map(opts.scenarios.map((s) => [s.name, referenceBody(s.body)]));
  const summaries = [];
  for (const scenario of opts.scenarios) {
    const runs = await runScenario(scenario, expected.get(scenario.name), opts, {
      profileDir: `${RESULTS_DIR}profiles`,
      log: (line) => console.error(line),
    });
    summaries.push({ scenario, runs });
    printScenario(scenario, Buffer.byteLength(expected.get(scenario.name)), runs);
    if (opts.rounds > 1) printRounds(runs);
  }
  printTarget(summaries);
  console.log(
    `load average at the end ${loadavg()[0].toFixed(2)} (other work on the machine skews every figure)`,
  );
  const file = `${RESULTS_DIR}http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify({ options: opts, summaries }, null, 2));
  console.log(`results: ${file}`);
  // A contender that crashed, answered other bytes or failed under load is a broken run, not a
  // slow one: exit non-zero so a smoke run in CI notices. A missed target is only reported.
  const broken = summaries.flatMap(({ scenario, runs }) =>
    runs.filter((r) => r.error).map((r) => `${scenario.name}/${r.name}`),
  );
  if (broken.length > 0) {
    console.error(`bench:http: not measured: ${broken.join(', ')}`);
    process.exitCode = 1;
  }
}

main().then(
  () => killAll(),
  (error) => {
    console.error(`bench:http: ${error.message}`);
    killAll();
    process.exitCode = 1;
  },
);
