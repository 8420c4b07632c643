import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run demo` and `npm run sluice -- serve …` as a person or a supervisor starts them: stopping
 * npm must stop the server, and free its port, whether npm is asked to stop (SIGTERM) or is killed
 * outright (SIGKILL).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started: number[] = [];
afterEach(() => {
  // Whatever this file started and is still running is killed by its pid.
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True once something can listen on `port` again. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Starts `npm run <script>` on a free port; resolves with npm and the server's own pid and port. */
async function startNpm(script: readonly string[]): Promise<{
  npm: ChildProcess;
  server: number;
  port: number;
  logs: () => Promise<string[]>;
}> {
  const npm = spawn('npm', ['run', ...script, '--port', '0', '--log-level', 'info'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (npm.pid !== undefined) started.push(npm.pid);
  let out = '';
  let err = '';
  npm.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    npm.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        const log = JSON.parse(line) as { msg: string; url?: string; pid?: number };
        if (log.msg !== 'listening' || log.pid === undefined || log.url === undefined) continue;
        started.push(log.pid);
        // The server writes to npm's stdout (inherited): it ends once both have exited.
        const ended = new Promise<void>((done) => npm.stdout?.once('close', done));
        const logs = async () => {
          await Promise.race([ended, sleep(10_000)]);
          return out
            .split('\n')
            .filter((l) => l.startsWith('{'))
            .map((l) => (JSON.parse(l) as { msg: string }).msg);
        };
        resolve({ npm, server: log.pid, port: Number(new URL(log.url).port), logs });
      }
    });
    npm.once('exit', (code) => reject(new Error(`npm exited with ${code}:\n${err}`)));
  });
}

/** Waits, within a generous bound (a hang is the defect), for the server to exit and free its port. */
async function stopped(server: number, port: number): Promise<{ gone: boolean; free: boolean }> {
  for (let waited = 0; waited < 20_000 && alive(server); waited += 100) await sleep(100);
  return { gone: !alive(server), free: await portFree(port) };
}

describe.each([
  ['demo', ['demo', '--']],
  ['sluice -- serve', ['sluice', '--', 'serve', '--schema', 'src/cli/__fixtures__/schema.mjs']],
])('npm run %s', (_name, script) => {
  it('stops the server and frees its port when npm gets SIGTERM', async () => {
    const { npm, server, port, logs } = await startNpm(script);
    expect(await portFree(port)).toBe(false);
    npm.kill('SIGTERM');
    expect(await stopped(server, port)).toEqual({ gone: true, free: true });
    expect((await logs()).slice(-3)).toEqual(['signal', 'shutting down', 'stopped']); // graceful
  }, 180_000);

  it('stops the server when npm is killed outright (SIGKILL)', async () => {
    const { npm, server, port, logs } = await startNpm(script);
    npm.kill('SIGKILL');
    expect(await stopped(server, port)).toEqual({ gone: true, free: true });
    expect((await logs()).slice(-3)).toEqual(['signal', 'shutting down', 'stopped']);
  }, 180_000);
});
