// The processes of one phase: a contender server, the driver, the client fleet. Each is
// registered with bench/pg's children.js, so every one is killed when the benchmark ends, fails
// or is interrupted; each also exits by itself when its IPC channel closes.
import { fork } from 'node:child_process';
import { basename } from 'node:path';
import { register } from '../pg/children.js';

/**
 * Forks `modulePath` with an IPC channel and waits (at most `timeoutMs`) until it is ready: a
 * message with `readyKey` (its value is returned as `ready`), or, with `readyLine`, a line of its
 * output matching it (the first group is returned). Returns `{ pid, ready, request(), stop(),
 * output() }`; request(message, key) sends a message and resolves with the value of the first
 * answer holding `key`.
 */
export async function startNode({
  modulePath,
  args = [],
  env = {},
  execArgv = [],
  readyKey,
  readyLine,
  timeoutMs,
}) {
  const child = register(
    fork(modulePath, args, {
      env: { ...process.env, ...env },
      execArgv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }),
    false,
  );
  let tail = '';
  const lineWaiters = [];
  const keep = (chunk) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
    for (const waiter of lineWaiters) waiter();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const cause =
        tail.split('\n').find((l) => /Error\b/.test(l)) ?? tail.trim().split('\n').at(-1);
      reject(
        new Error(
          `${basename(modulePath)} ${error.message}${cause ? `: ${cause.trim()}` : ''}\n${tail}`,
        ),
      );
    }
    const done = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
    if (readyKey) {
      child.on('message', function onReady(message) {
        if (message?.[readyKey] === undefined) return;
        child.off('message', onReady);
        done(message[readyKey]);
      });
    }
    if (readyLine) {
      lineWaiters.push(() => {
        const match = readyLine.exec(tail);
        if (match) done(match[1]);
      });
    }
    child.once('exit', (code, signal) =>
      fail(new Error(`exited (${code ?? signal}) before ready`)),
    );
  });
  lineWaiters.length = 0;
  return {
    pid: child.pid,
    ready,
    output: () => tail,
    request: (message, key, requestTimeoutMs = 120_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onAnswer);
          reject(new Error(`${basename(modulePath)} did not answer ${key}`));
        }, requestTimeoutMs);
        function onAnswer(answer) {
          if (answer?.[key] === undefined) return;
          clearTimeout(timer);
          child.off('message', onAnswer);
          resolve(answer[key]);
        }
        child.on('message', onAnswer);
        child.send(message);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
