export interface Progress {
  /** `done` of `total` units of work finished; `detail` names the current step. */
  update(done: number, total: number, detail?: string): void;
  finish(summary: string): void;
}

const WIDTH = 30;

/**
 * A progress bar on stderr. On a terminal it redraws one line in place; elsewhere (CI logs, pipes)
 * it writes a line at each quarter so logs stay readable.
 */
export function createProgressBar(
  stream: { write(text: string): unknown; readonly isTTY?: boolean },
  label: string,
): Progress {
  let lastQuarter = -1;
  return {
    update(done, total, detail = '') {
      const ratio = total > 0 ? Math.min(done / total, 1) : 1;
      const percent = Math.floor(ratio * 100);
      if (stream.isTTY) {
        const filled = Math.round(ratio * WIDTH);
        const bar = '█'.repeat(filled) + '░'.repeat(WIDTH - filled);
        stream.write(`\r${label} ${bar} ${String(percent).padStart(3)}% ${detail}\x1b[K`);
        return;
      }
      const quarter = Math.floor(percent / 25);
      if (quarter > lastQuarter) {
        lastQuarter = quarter;
        stream.write(`${label} ${String(percent).padStart(3)}% ${detail}\n`);
      }
    },
    finish(summary) {
      stream.write(stream.isTTY ? `\r${label} ${summary}\x1b[K\n` : `${label} ${summary}\n`);
    },
  };
}
