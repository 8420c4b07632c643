import type { DatabaseFlag } from './demoDatabaseFlag.js';
import { useStartedClis, type RunningCli } from './spawnCli.js';

export interface ServeOptions {
  /** Environment for the process, over this one's. */
  readonly env?: Record<string, string>;
  /** `--log-level`: `silent` unless a test reads the logs. */
  readonly logLevel?: string;
}

/** Starts `sluice serve` on the test file's database and resolves once it listens. */
export type Serve = (args?: readonly string[], options?: ServeOptions) => Promise<RunningCli>;

/**
 * For a test file: `serve(args)` runs `sluice serve --database <database> --port 0 --log-level
 * silent <args>` (through `useStartedClis`, so whatever is still running after each test is
 * killed).
 */
export function useServe(database: DatabaseFlag): Serve {
  const start = useStartedClis();
  return (args = [], { env = {}, logLevel = 'silent' } = {}) =>
    start(
      ['serve', '--database', database.value, '--port', '0', '--log-level', logLevel, ...args],
      env,
    );
}
