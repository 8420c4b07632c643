import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningCli {
  readonly child: ChildProcess;
  /** The GraphQL URL the CLI printed. */
  readonly url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
}

/** Starts `sluice <args>` from the TypeScript source (as `npm run sluice` does). */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
): RunningCli & { ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /serving GraphQL at (http:\/\/\S+)/.exec(err);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) =>
      reject(new Error(`sluice exited with ${code} before listening:\n${err}`)),
    );
  });
  const running = {
    child,
    url: '',
    stdout: () => out,
    stderr: () => err,
    exited,
    ready,
  };
  return running;
}

/** Starts the CLI and waits until it listens; kills it (by its pid) if that fails. */
export async function startCli(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RunningCli> {
  const running = spawnCli(args, env);
  try {
    const url = await running.ready;
    return { ...running, url };
  } catch (error) {
    running.child.kill('SIGKILL');
    throw error;
  }
}

/** Ends a started CLI with `signal` and resolves with its exit code. */
export function stopCli(
  cli: RunningCli,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  cli.child.kill(signal);
  return cli.exited;
}

/**
 * For a test file: a `start` that runs `startCli` and kills (by pid) whatever it started that is
 * still running after each test.
 */
export function useStartedClis(): (
  args: readonly string[],
  env?: Record<string, string>,
) => Promise<RunningCli> {
  const running: RunningCli[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });
  return async (args, env = {}) => {
    const cli = await startCli(args, env);
    running.push(cli);
    return cli;
  };
}
