/**
 * The options of `serve` for how it runs beside its database: worker processes, read replicas,
 * and reflecting the database again on DDL (docs/server.md, docs/pg.md), in the shape of the one
 * options table (options.ts spreads them into it; this file imports nothing of it).
 */
export interface ProcessConfig {
  watch: boolean;
  watchIntervalMs: number;
  workers: string;
  readReplica: string[] | undefined;
}

export const PROCESS_DEFAULTS: ProcessConfig = {
  watch: false,
  watchIntervalMs: 1000,
  workers: '1',
  readReplica: undefined,
};

export const PROCESS_OPTIONS = [
  {
    name: 'watch',
    kind: { type: 'boolean' },
    commands: ['serve'],
    help: 'reflect the database again when its catalog changes (DDL), and serve the new schema; SIGHUP does it once',
  },
  {
    name: 'watchIntervalMs',
    kind: { type: 'integer', min: 100, max: Number.MAX_SAFE_INTEGER },
    commands: ['serve'],
    placeholder: 'ms',
    help: 'how often --watch asks PostgreSQL whether the catalog changed',
  },
  {
    name: 'workers',
    kind: { type: 'string' },
    commands: ['serve'],
    placeholder: 'n|auto',
    help: 'processes serving the port (node:cluster), sharing only the database; auto = one per core',
  },
  {
    name: 'readReplica',
    kind: { type: 'list' },
    commands: ['serve'],
    placeholder: 'url',
    help: 'postgres:// URL of a read replica (repeatable): reads go to replicas, mutations to --database',
    defaultHelp: 'none',
  },
] as const satisfies ReadonlyArray<{
  readonly name: keyof ProcessConfig;
  readonly kind:
    | { readonly type: 'boolean' }
    | { readonly type: 'string' }
    | { readonly type: 'list' }
    | { readonly type: 'integer'; readonly min: number; readonly max: number };
  readonly commands: readonly 'serve'[];
  readonly placeholder?: string;
  readonly help: string;
  readonly defaultHelp?: string;
}>;
