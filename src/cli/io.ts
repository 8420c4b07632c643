/** What a command may touch of its process: injected so commands run in tests without one. */
export interface CliIO {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  onSignal(signal: 'SIGTERM' | 'SIGINT' | 'SIGHUP', listener: () => void): void;
  /**
   * Calls `listener` once if the process that started this one goes away (where that should stop
   * a server: see processIO). Optional: commands run in tests without a parent to watch.
   */
  onParentExit?(listener: () => void): void;
  /** All of standard input as text (`sluice explain -`). */
  readStdin(): Promise<string>;
}

/** How often the parent is looked at: a stop within a second, and next to no work. */
const PARENT_CHECK_MS = 500;

export function processIO(): CliIO {
  // A reader that went away (a pipe to a parent that died) must not turn a graceful stop into a
  // crash: what is written after that is lost, and nothing else is.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    onSignal: (signal, listener) => process.on(signal, listener),
    // Under npm (`npm run demo`), npm itself may be killed without passing a signal on: when it
    // goes, this process is re-parented, and stops as if told to. Elsewhere a server outlives the
    // shell or script that started it in the background, as servers do.
    onParentExit(listener) {
      if (process.env['npm_lifecycle_event'] === undefined) return;
      const parent = process.ppid;
      const timer = setInterval(() => {
        if (process.ppid === parent) return;
        clearInterval(timer);
        listener();
      }, PARENT_CHECK_MS);
      timer.unref();
    },
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
