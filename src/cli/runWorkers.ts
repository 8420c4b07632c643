import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from '../server/index.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';

/** The most processes `--workers` starts. */
const MAX_WORKERS = 256;

/** A worker that dies sooner than this after it started counts as crashing (restart backs off). */
const STABLE_MS = 10_000;
const FIRST_RESTART_MS = 200;
const MAX_RESTART_MS = 30_000;

/** How long the primary waits for the workers to drain after passing SIGTERM on, beyond their own grace. */
const DRAIN_MARGIN_MS = 5_000;

/** What a worker tells the primary over IPC once it listens. */
export interface WorkerListening {
  readonly sluiceListening: string;
}

/** `--workers`: `auto` (one per core) or a count. */
export function workerCount(text: string): number {
  if (text === 'auto') return availableParallelism();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new CliError(
      ExitCode.USAGE,
      `--workers: expected auto or an integer from 1 to ${MAX_WORKERS}, got ${JSON.stringify(text)}.`,
    );
  }
  return n;
}

/** True in a process `runWorkers` started. */
export const isWorker = (): boolean => cluster.isWorker;

/** In a worker: tells the primary the URL it serves. */
export function announceWorker(url: string): void {
  const message: WorkerListening = { sluiceListening: url };
  process.send?.(message);
}

/**
 * The primary of `sluice serve --workers N`: starts N copies of this command (node:cluster; they
 * share the port, and the primary hands out connections), which share nothing but the database.
 * It serves nothing itself. Prints the URL once every worker listens; a worker that exits on its
 * own is started again (at once, then backing off while it keeps dying young); a worker that
 * fails before the first ones all listen stops the whole start with its exit code (a bad flag or
 * an unreachable database fails every worker the same way). SIGTERM or SIGINT is passed on as
 * SIGTERM: each worker drains its requests and exits; the primary exits once all have. SIGHUP is
 * passed on as it is.
 */
export function runWorkers(
  count: number,
  io: CliIO,
  logger: Logger,
  shutdownGraceMs: number,
): Promise<number> {
  return new Promise<number>((resolve) => {
    const started = new Map<Worker, number>();
    const listening = new Set<Worker>();
    const hangupPending = new Set<Worker>();
    let url: string | undefined;
    let announced = false;
    let stopping = false;
    let restartMs = FIRST_RESTART_MS;
    let exitCode: number = ExitCode.OK;

    const fork = () => {
      const worker = cluster.fork();
      started.set(worker, performance.now());
      worker.on('message', (message: Partial<WorkerListening> | null) => {
        if (typeof message?.sluiceListening !== 'string') return;
        listening.add(worker);
        if (hangupPending.delete(worker)) worker.process.kill('SIGHUP');
        url ??= message.sluiceListening;
        if (!announced && listening.size === count) {
          announced = true;
          logger.info('listening', { url, pid: process.pid, workers: count });
          io.stderr.write(
            `\nSluice is serving GraphQL at ${url} (${count} worker processes)\n` +
              `Stop with Ctrl+C (SIGINT) or SIGTERM.\n\n`,
          );
        }
      });
      worker.once('exit', (code, signal) => onExit(worker, code, signal));
    };

    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      const startedAt = started.get(worker) ?? 0;
      const wasListening = listening.has(worker);
      started.delete(worker);
      listening.delete(worker);
      hangupPending.delete(worker);
      if (stopping) {
        // A worker that fails while stopping fails the stop; the first cause is kept.
        if (code !== 0 && code !== null && exitCode === ExitCode.OK) exitCode = ExitCode.FAILURE;
        if (started.size === 0) resolve(exitCode);
        return;
      }
      if (!announced && !wasListening) {
        // The start itself failed: every worker would fail alike.
        logger.error('worker failed to start', { pid: worker.process.pid, code, signal });
        stop(code && code !== 0 ? code : ExitCode.FAILURE);
        return;
      }
      const young = performance.now() - startedAt < STABLE_MS;
      const delay = young ? restartMs : 0;
      restartMs = young ? Math.min(restartMs * 2, MAX_RESTART_MS) : FIRST_RESTART_MS;
      logger.warn('worker exited; starting another', {
        pid: worker.process.pid,
        code,
        signal,
        restartInMs: delay,
      });
      // Not unref'd: while every worker is dead and waiting to be started again, this timer is
      // all that keeps the primary running (unref'd, node exited with 13, serving nothing).
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    };

    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      if (started.size === 0) return resolve(exitCode);
      for (const worker of started.keys()) worker.process.kill('SIGTERM');
      // Workers that do not finish draining in time are killed (their own grace has passed).
      setTimeout(() => {
        for (const worker of started.keys()) worker.process.kill('SIGKILL');
      }, shutdownGraceMs + DRAIN_MARGIN_MS).unref();
    };

    const onSignal = (signal: string) => {
      if (stopping) {
        // A second signal, as without workers: exit at once with 130. Each worker, told
        // SIGTERM a second time, exits without waiting (one still starting just ends).
        if (signal === 'parent exited' || exitCode === 130) return;
        io.stderr.write(`\n${signal} again: exiting without waiting.\n`);
        exitCode = 130;
        for (const worker of started.keys()) worker.process.kill('SIGTERM');
        return;
      }
      logger.info('signal', { signal });
      io.stderr.write(`\n${signal}: the workers finish their in-flight requests, then exit…\n`);
      stop(ExitCode.OK);
    };
    io.onSignal('SIGTERM', () => onSignal('SIGTERM'));
    io.onSignal('SIGINT', () => onSignal('SIGINT'));
    io.onParentExit?.(() => onSignal('parent exited'));
    // SIGHUP (reflect the database again) is each worker's to handle, once it does: a worker
    // still starting has no handler yet (node's default would end it, and so the whole start),
    // and gets the SIGHUP when it listens (what it reflected may predate the change).
    io.onSignal('SIGHUP', () => {
      for (const worker of started.keys()) {
        if (listening.has(worker)) worker.process.kill('SIGHUP');
        else hangupPending.add(worker);
      }
    });

    for (let i = 0; i < count; i++) fork();
  });
}
