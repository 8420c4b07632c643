import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, ExitCode } from './ExitCode.js';

/**
 * Reads and parses a JSON file named on the command line or in the config (relative to `cwd`).
 * An unreadable or invalid file is a config error (exit code 3) naming `what` and the full path.
 */
export function readJsonFile(
  file: string,
  cwd: string,
  what: string,
): { path: string; parsed: unknown } {
  const path = resolve(cwd, file);
  try {
    return { path, parsed: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  } catch (error) {
    throw new CliError(ExitCode.CONFIG, `Cannot read ${what} ${path}: ${(error as Error).message}`);
  }
}
