import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { EngineStats } from '../../../src/engine/index.js';

/**
 * What the server process is started with (JSON). Engine and server options are passed as they
 * are, so a test can name an option the engine or server may not declare: without it the option
 * does nothing and the test fails, rather than not compiling.
 */
export interface ServerConfig {
  /** `abuse`: the makeSchema schema (serve --schema); `demo`: the demo database on PGlite, reflected. */
  readonly schema?: 'abuse' | 'demo';
  readonly engine?: Record<string, unknown>;
  readonly server?: Record<string, unknown>;
  /** Reflection options for `demo`. */
  readonly reflect?: Record<string, unknown>;
}

export type ServerQuestion = { ask: 'stats' } | { ask: 'heap' } | { ask: 'prototypes' };

export interface AbuseServer {
  readonly port: number;
  /** The engine's cache statistics, from the server process. */
  stats(): Promise<EngineStats>;
  /** The server's `heapUsed` after full collections: what it still holds. */
  retainedHeapBytes(): Promise<number>;
  /** Keys an attack added to Object.prototype, and what `({}).polluted` is (null: nothing). */
  prototypes(): Promise<{ object: string[]; polluted: unknown }>;
}

const main = fileURLToPath(new URL('./serverMain.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 240_000;
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * For a test file: a real `createSluiceServer` on 127.0.0.1 (a free port) in a child process,
 * started before the tests and stopped (by its pid) after them.
 */
export function useAbuseServer(config: ServerConfig = {}): AbuseServer {
  let child: ChildProcess | undefined;
  let port = 0;
  let nextId = 0;
  const pending = new Map<number, (value: unknown) => void>();

  beforeAll(async () => {
    child = fork(main, [JSON.stringify(config)], {
      cwd: root,
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const started = child;
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the server process did not start')),
        START_TIMEOUT_MS,
      );
      started.on('message', (message: { port?: number; id?: number; value?: unknown }) => {
        if (message.port !== undefined) {
          clearTimeout(timer);
          resolve(message.port);
        } else if (message.id !== undefined) {
          pending.get(message.id)?.(message.value);
          pending.delete(message.id);
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server process exited with ${code} before listening`));
      });
    });
  }, START_TIMEOUT_MS);

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  const ask = (question: ServerQuestion) =>
    new Promise<unknown>((resolve, reject) => {
      if (!child?.connected) return reject(new Error('the server process is gone'));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the server process did not answer ${question.ask}`));
      }, ANSWER_TIMEOUT_MS);
      pending.set(id, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      child.send({ id, ...question });
    });

  return {
    get port() {
      if (!port) throw new Error('The server is started in beforeAll');
      return port;
    },
    stats: () => ask({ ask: 'stats' }) as Promise<EngineStats>,
    retainedHeapBytes: () => ask({ ask: 'heap' }) as Promise<number>,
    prototypes: () =>
      ask({ ask: 'prototypes' }) as Promise<{ object: string[]; polluted: unknown }>,
  };
}
