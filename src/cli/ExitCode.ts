/**
 * Exit codes of `sluice`, distinct per cause so scripts and supervisors can tell a typo from a
 * taken port. Part of the CLI's contract (docs/server.md lists them).
 */
export const ExitCode = {
  OK: 0,
  /** An unexpected failure (a bug, or an error nobody anticipated). */
  FAILURE: 1,
  /** Bad command line: unknown command or flag, a value of the wrong type. */
  USAGE: 2,
  /** The config file (or a file it names, such as persisted documents) is unreadable or invalid. */
  CONFIG: 3,
  /** The schema module could not be found or imported. */
  BAD_MODULE: 4,
  /** The module loaded but holds no usable schema (nothing exported, invalid SDL, invalid schema). */
  BAD_SCHEMA: 5,
  /** The port is already in use. */
  PORT_IN_USE: 6,
  /** Listening failed for another reason (permission, unknown address). */
  LISTEN_FAILED: 7,
  /**
   * The database could not be used: unreachable, refused the login, does not exist, or its
   * catalog could not be read.
   */
  DATABASE: 8,
  /** `explain`: the operation cannot be read, parsed or validated, or its variables are invalid. */
  BAD_OPERATION: 9,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An expected failure: its message is shown as is (no stack) and the process exits with `code`. */
export class CliError extends Error {
  constructor(
    readonly code: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
