/** Structured logs: one event name and a flat bag of fields per line. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/**
 * JSON lines (`{"time","level","msg",...fields}`), the format log shippers read without a parser
 * of their own. Errors in fields are written with their message and stack.
 */
export function createJsonLogger(write: (line: string) => void, level: LogLevel = 'info'): Logger {
  const min = rank[level];
  const emit =
    (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
      if (rank[lvl] < min) return;
      const line = { time: new Date().toISOString(), level: lvl, msg, ...fields };
      write(JSON.stringify(line, replaceErrors) + '\n');
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

function replaceErrors(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}
