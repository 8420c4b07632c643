import { fileURLToPath } from 'node:url';
import type { CliIO } from '../io.js';
import { runCli } from '../runCli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `sluice <argv>` in this process (no server command: those wait for a signal). */
export async function runInProcess(
  argv: string[],
  env: Record<string, string> = {},
  stdin = '',
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    cwd: root,
    onSignal: () => {},
    readStdin: () => Promise.resolve(stdin),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
