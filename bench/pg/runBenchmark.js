// What every load benchmark program (bench/pg, bench/writes) does around its main function: check
// that wrk is installed, stop everything at a hard deadline, and kill every child it started on
// exit, on an error and on a signal.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { killAll } from './children.js';

/** Throws when wrk is missing. */
export function requireWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // `wrk --version` exits 1 after printing its version; only a missing binary is a problem.
    if (error.code === 'ENOENT') throw new Error('wrk is not installed: apt-get install -y wrk');
  }
}

/** Ends the process (exit 2, children killed) once `minutes` have passed. */
export function stopAfter(minutes, log) {
  const deadline = setTimeout(() => {
    log(`\nStopped: the run exceeded --max-minutes ${minutes}.`);
    killAll();
    process.exit(2);
  }, minutes * 60_000);
  deadline.unref();
}

/** Runs `main()`; whatever happens, every child is killed and the process exits. */
export function runBenchmark(main) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
  process.on('exit', killAll);
  main().then(
    () => {
      killAll();
      process.exit(0);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      killAll();
      process.exit(1);
    },
  );
}

/** Writes the options and results (a Map) of a run as JSON to `path` (--json). */
export function writeResults(path, opts, results, log) {
  writeFileSync(
    path,
    `${JSON.stringify({ options: opts, results: Object.fromEntries(results) }, null, 2)}\n`,
  );
  log(`\nresults written to ${path}`);
}

/**
 * The contenders named in `names`, the hand-written endpoint first when it runs: its answers are
 * the reference the others are compared with.
 */
export function referenceFirst(contenders, names) {
  return contenders
    .filter((c) => names.includes(c.name))
    .sort((a, b) => Number(b.name === 'hand-written') - Number(a.name === 'hand-written'));
}
