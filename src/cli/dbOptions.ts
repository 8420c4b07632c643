/**
 * The options of `sluice db triggers` (docs/realtime.md, "Database change events"), in the shape
 * of the one options table (options.ts spreads them into it; this file imports nothing of it).
 */
export interface DbConfig {
  apply: boolean;
  drop: boolean;
}

export const DB_DEFAULTS: DbConfig = { apply: false, drop: false };

export const DB_OPTIONS = [
  {
    name: 'apply',
    kind: { type: 'boolean' },
    commands: ['db'],
    help: 'run the trigger SQL on the database instead of printing it',
  },
  {
    name: 'drop',
    kind: { type: 'boolean' },
    commands: ['db'],
    help: 'the SQL that removes the triggers (printed, or run with --apply)',
  },
] as const;
