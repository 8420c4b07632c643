// Load with wrk (C, epoll): a separate process whose own CPU time is measured, so the report can say
// how much of the 2 cores the generator took from the server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runGenerator } from './generatorProcess.js';

const SCRIPT = fileURLToPath(new URL('./post.lua', import.meta.url));

/**
 * Runs wrk for `durationS` seconds against `url` with `body` (JSON text) and returns
 * `{ requests, seconds, rps, p50Ms, p99Ms, errors, generatorCpuMs }`.
 */
export async function runWrk({ url, body, durationS, connections, threads }) {
  // bash's `times` prints the CPU used by its finished children (wrk) on its second line.
  const command = 'wrk "$@"; rc=$?; times >&2; exit $rc';
  // A 10 s timeout (wrk's default is 2 s): on a busy 2-core machine a slow answer is latency, not
  // an error; only a server that stops answering is.
  const args = [
    '--latency',
    '--timeout',
    '10s',
    '-t',
    threads,
    '-c',
    connections,
    '-d',
    `${durationS}s`,
  ];
  const { stdout, stderr } = await runGenerator(
    () =>
      spawn('bash', ['-c', command, 'wrk', ...args.map(String), '-s', SCRIPT, url], {
        env: { ...process.env, WRK_BODY: body },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    durationS,
  );
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}\n${stderr}`);
  const s = JSON.parse(line.slice('WRK_JSON '.length));
  const seconds = s.durationUs / 1e6;
  return {
    requests: s.requests,
    seconds,
    rps: s.requests / seconds,
    p50Ms: s.p50Us / 1000,
    p99Ms: s.p99Us / 1000,
    errors: s.connectErrors + s.readErrors + s.writeErrors + s.statusErrors + s.timeouts,
    errorDetail: `connect ${s.connectErrors}, read ${s.readErrors}, write ${s.writeErrors}, non-2xx ${s.statusErrors}, timeout ${s.timeouts}`,
    generatorCpuMs: childrenCpuMs(stderr),
  };
}

/** Parses the children line of bash `times` ("0m1.234s 0m0.567s"). */
export function childrenCpuMs(timesOutput) {
  const lines = timesOutput.trim().split('\n');
  const match = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines.at(-1) ?? '');
  if (!match) throw new Error(`cannot read the generator's CPU time from: ${lines.at(-1)}`);
  const [, um, us, sm, ss] = match.map(Number);
  return (um * 60 + us + sm * 60 + ss) * 1000;
}
