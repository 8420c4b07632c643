// Every process the benchmark starts (contender servers, wrk) is registered here and killed when
// the benchmark ends — normally, on an error, on a signal, or at the global deadline. Contenders
// also exit by themselves when their IPC channel to the benchmark closes (servers/child.js).
import { fork, spawn } from 'node:child_process';
import { basename } from 'node:path';

const running = new Set();

/** Kills every registered process still running (SIGKILL: the run is over, nothing to save). */
export function killAll() {
  for (const child of running) {
    try {
      // wrk runs in its own process group (detached), so its whole group goes.
      if (child.group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

/**
 * Registers a child process so killAll() ends it (`group`: it runs detached in its own process
 * group, which goes whole). Returns the child.
 */
export function register(child, group) {
  child.group = group;
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Starts a contender server script and waits (at most `timeoutMs`) for its ready message.
 * Returns `{ pid, port, stop(), output() }`; output() is the tail of what it printed.
 */
export async function startServer({ script, env, timeoutMs }) {
  const child = register(
    fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }),
    false,
  );
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      // The child's own error line first, so a one-line report still says why.
      const cause =
        tail.split('\n').find((l) => /Error\b/.test(l)) ?? tail.trim().split('\n').at(-1);
      reject(
        new Error(
          `${basename(script)} ${error.message}${cause ? `: ${cause.trim()}` : ''}\n${tail}`,
        ),
      );
    }
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code, signal) =>
      fail(new Error(`exited (${code ?? signal}) before ready`)),
    );
  });
  return {
    pid: child.pid,
    port,
    output: () => tail,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts a server command that is not a benchmark script (`sluice serve`, which may fork workers)
 * in its own process group, and waits (at most `timeoutMs`) until a line of its stderr matches
 * `ready`, whose first group is the URL it serves. Returns what startServer does; `pid` is the
 * command's own process (its workers are below it: procStats.treeCpuMs). stop() sends SIGTERM (the
 * command drains its workers), then kills the whole group after 10 s.
 */
export async function startCommand({ command, args, env, ready, timeoutMs }) {
  const child = register(
    spawn(command, args, {
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    true,
  );
  let tail = '';
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      killGroup();
      reject(new Error(`${basename(command)} ${error.message}\n${tail}`));
    }
    const keep = (chunk) => {
      tail = (tail + chunk.toString('utf8')).slice(-4000);
      const match = ready.exec(tail);
      if (match) {
        clearTimeout(timer);
        resolve(Number(new URL(match[1]).port));
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`exited (${code ?? signal}) before ready`)),
    );
  });
  return {
    pid: child.pid,
    port,
    output: () => tail,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(killGroup, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          killGroup();
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs a command to completion in its own process group and returns `{ code, stdout, stderr }`;
 * killed (with its group) after `timeoutMs`. `interruptWhen`, if given, is polled every 100 ms;
 * once it returns true the command gets SIGINT (wrk then stops early and prints its summary).
 */
export function runCommand(command, args, { env, timeoutMs, interruptWhen }) {
  const child = register(
    spawn(command, args, {
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    true,
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const poll =
    interruptWhen &&
    setInterval(() => {
      if (!interruptWhen()) return;
      clearInterval(poll);
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // Already gone.
      }
    }, 100);
  child.once('exit', () => clearInterval(poll));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      reject(new Error(`${command} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
