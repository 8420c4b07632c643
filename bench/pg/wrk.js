// Load generator: wrk (C, epoll) in its own process, one thread. On a 2-core machine shared by the
// server and PostgreSQL, the generator must cost as little CPU as possible. Measured here against
// the hand-written endpoint on Q1 (32 connections, 5 s): wrk used 0.03 ms of CPU per request,
// autocannon 9 (a Node process) 0.35 ms — and the server answered 3.5× fewer requests under it.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './children.js';

const POST_SCRIPT = fileURLToPath(new URL('./post.lua', import.meta.url));
const SUMMARY_SCRIPT = fileURLToPath(new URL('./summary.lua', import.meta.url));

/**
 * POSTs `body` to `url` for `seconds` over `connections` connections (post.lua), or runs the
 * given wrk `script` with `env` instead (it must load summary.lua, see bench/writes/load.lua);
 * `interruptWhen` stops it early (see runCommand).
 * Returns `{ requests, rps, p50Ms, p95Ms, p99Ms, bytes, errors, errorDetail }`.
 */
export async function runWrk({ url, body, script, env = {}, seconds, connections, interruptWhen }) {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-pg-'));
  const scriptEnv = { ...env, WRK_SUMMARY_FILE: SUMMARY_SCRIPT };
  if (body !== undefined) {
    scriptEnv.WRK_BODY_FILE = join(dir, 'body.json');
    writeFileSync(scriptEnv.WRK_BODY_FILE, body);
  }
  try {
    // --timeout 10s: on a busy shared machine a slow answer is latency, not an error.
    const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s'];
    const { code, stdout, stderr } = await runCommand(
      'wrk',
      [...args, '-s', script ?? POST_SCRIPT, url],
      { env: scriptEnv, timeoutMs: (seconds + 20) * 1000, interruptWhen },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${stdout}\n${stderr}`);
    const s = JSON.parse(line.slice('WRK_JSON '.length));
    const errors =
      s.connectErrors + s.readErrors + s.writeErrors + s.statusErrors + s.timeouts + s.errorAnswers;
    return {
      requests: s.requests,
      rps: s.requests / (s.durationUs / 1e6),
      p50Ms: s.p50Us / 1000,
      p95Ms: s.p95Us / 1000,
      p99Ms: s.p99Us / 1000,
      bytes: s.bytes,
      errors,
      errorDetail: `connect ${s.connectErrors}, read ${s.readErrors}, write ${s.writeErrors}, non-2xx ${s.statusErrors}, timeout ${s.timeouts}, GraphQL errors ${s.errorAnswers}${s.firstError ? `; first: ${s.firstError}` : ''}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
