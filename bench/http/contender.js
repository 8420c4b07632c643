// One contender server in its own child process (so it never shares an event loop with the load
// generator or this orchestrator), started, checked and always stopped.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { track } from './children.js';
import { applyPriority } from './priority.js';

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Forks `servers/<name>.js` and waits until it announces the URL it listens on.
 * `execArgv` adds Node flags (e.g. `--cpu-prof`) to that child only.
 */
export async function startContender(name, { execArgv = [] } = {}) {
  const file = fileURLToPath(new URL(`./servers/${name}.js`, import.meta.url));
  const child = track(
    fork(file, [], {
      execArgv,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
      // A session of its own: its own scheduling autogroup (see priority.js), and no Ctrl-C from
      // the terminal; the orchestrator stops it, and it exits when the IPC channel closes.
      detached: true,
    }),
  );
  applyPriority(child.pid);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS);
  try {
    const message = await Promise.race([
      once(child, 'message').then(([m]) => m),
      once(child, 'exit').then(([code, signal]) => {
        // The line that names the error, not the stack frame node prints first.
        const cause = stderr.split('\n').find((l) => /Error|error:/.test(l)) ?? stderr.trim();
        throw new Error(`${name} exited before it was ready (${signal ?? code}): ${cause.trim()}`);
      }),
    ]);
    if (!message?.ready) throw new Error(`${name} sent an unexpected message`);
    return {
      name,
      url: message.url,
      pid: child.pid,
      stderr: () => stderr,
      stop: () => stopChild(child),
    };
  } catch (error) {
    await stopChild(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM (lets `--cpu-prof` write its profile), then SIGKILL if the child lingers. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
