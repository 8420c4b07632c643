// Load with autocannon (Node.js) in a separate process; the alternative to wrk, kept to measure
// how much more CPU a JavaScript generator takes from the server on a 2-core machine.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runGenerator } from './generatorProcess.js';

const WORKER = fileURLToPath(new URL('./autocannonProcess.js', import.meta.url));

/** Same contract as runWrk. */
export async function runAutocannon({ url, body, durationS, connections }) {
  const options = JSON.stringify({ url, body, durationS, connections });
  const { stdout, stderr } = await runGenerator(
    () =>
      spawn(process.execPath, [WORKER, options], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    durationS,
  );
  const line = stdout.split('\n').find((l) => l.startsWith('AUTOCANNON_JSON '));
  if (!line) throw new Error(`autocannon printed no summary:\n${stdout}\n${stderr}`);
  const summary = JSON.parse(line.slice('AUTOCANNON_JSON '.length));
  return { ...summary, rps: summary.requests / summary.seconds };
}
