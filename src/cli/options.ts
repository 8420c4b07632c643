import { AUTH_DEFAULTS, AUTH_OPTIONS, type AuthConfig } from './authOptions.js';
import { CACHE_DEFAULTS, CACHE_OPTIONS, type CacheConfig } from './resultCacheOptions.js';
import { PROCESS_DEFAULTS, PROCESS_OPTIONS, type ProcessConfig } from './processOptions.js';
import { DB_DEFAULTS, DB_OPTIONS, type DbConfig } from './dbOptions.js';
import {
  REFLECTION_DEFAULTS,
  REFLECTION_OPTIONS,
  type ReflectionConfig,
} from './reflectionOptions.js';
import { REALTIME_DEFAULTS, REALTIME_OPTIONS, type RealtimeConfig } from './realtimeOptions.js';

export type CommandName = 'serve' | 'demo' | 'explain' | 'print-schema' | 'db';

type Kind =
  | { readonly type: 'string' }
  | { readonly type: 'integer'; readonly min: number; readonly max: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'list' }
  /** An object or list of the config file (no flag, no environment variable), read by `read`. */
  | { readonly type: 'config'; readonly read: (raw: unknown, where: string) => unknown };

export interface OptionSpec {
  /** Key in the config file and in `ServeConfig`; the flag is its kebab-case. */
  readonly name: keyof ServeConfig;
  readonly kind: Kind;
  readonly help: string;
  readonly commands: readonly CommandName[];
  readonly placeholder?: string;
  /** The default in words, where `DEFAULT_CONFIG` holds none (it is decided elsewhere). */
  readonly defaultHelp?: string;
}

/** Everything a command can be told, after defaults, config file, env and flags. */
export interface ServeConfig
  extends AuthConfig, RealtimeConfig, CacheConfig, ProcessConfig, DbConfig, ReflectionConfig {
  schema: string | undefined;
  database: string | undefined;
  databaseSchemas: string[] | undefined;
  tables: string[] | undefined;
  excludeTables: string[] | undefined;
  poolSize: number | undefined;
  poolAcquireTimeoutMs: number | undefined;
  statementTimeoutMs: number | undefined;
  pgSettings: string[] | undefined;
  maxPreparedStatements: number | undefined;
  maxPreparedStatementBytes: number | undefined;
  defaultPageSize: number | undefined;
  maxPageSize: number | undefined;
  maxFilterDepth: number | undefined;
  maxPatternLength: number | undefined;
  maxListLength: number | undefined;
  maxMutationRows: number | undefined;
  allowUnfilteredWrites: boolean;
  readOnly: boolean;
  memory: boolean;
  variables: string | undefined;
  operationName: string | undefined;
  analyze: boolean;
  sort: boolean;
  port: number;
  host: string;
  path: string;
  production: boolean;
  introspection: boolean;
  hideSuggestions: boolean;
  maxTokens: number | undefined;
  maxDepth: number | undefined;
  maxAliases: number | undefined;
  maxDirectives: number | undefined;
  maxCost: number | undefined;
  maxDocumentBytes: number | undefined;
  maxVariablesBytes: number | undefined;
  maxInputDepth: number | undefined;
  planCacheSize: number | undefined;
  planCacheBytes: number | undefined;
  maxBodyBytes: number | undefined;
  timeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  shutdownGraceMs: number | undefined;
  graphiql: boolean;
  csrf: boolean;
  cors: string[] | undefined;
  compression: boolean;
  metrics: boolean;
  persisted: 'apq' | 'trusted' | 'off';
  persistedDocuments: string | undefined;
  validationErrorStatus: '400' | '422';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export const DEFAULT_CONFIG: ServeConfig = {
  schema: undefined,
  database: undefined,
  databaseSchemas: undefined,
  tables: undefined,
  excludeTables: undefined,
  poolSize: undefined,
  poolAcquireTimeoutMs: undefined,
  statementTimeoutMs: undefined,
  pgSettings: undefined,
  maxPreparedStatements: undefined,
  maxPreparedStatementBytes: undefined,
  defaultPageSize: undefined,
  maxPageSize: undefined,
  maxFilterDepth: undefined,
  maxPatternLength: undefined,
  maxListLength: undefined,
  maxMutationRows: undefined,
  allowUnfilteredWrites: false,
  readOnly: false,
  memory: false,
  variables: undefined,
  operationName: undefined,
  analyze: false,
  sort: false,
  port: 4000,
  host: '127.0.0.1',
  path: '/graphql',
  production: false,
  introspection: true,
  hideSuggestions: false,
  maxTokens: undefined,
  maxDepth: undefined,
  maxAliases: undefined,
  maxDirectives: undefined,
  maxCost: undefined,
  maxDocumentBytes: undefined,
  maxVariablesBytes: undefined,
  maxInputDepth: undefined,
  planCacheSize: undefined,
  planCacheBytes: undefined,
  maxBodyBytes: undefined,
  timeoutMs: undefined,
  requestTimeoutMs: undefined,
  shutdownGraceMs: undefined,
  graphiql: true,
  csrf: true,
  cors: undefined,
  compression: true,
  metrics: true,
  persisted: 'off',
  persistedDocuments: undefined,
  validationErrorStatus: '400',
  logLevel: 'info',
  ...AUTH_DEFAULTS,
  ...REALTIME_DEFAULTS,
  ...DB_DEFAULTS,
  ...REFLECTION_DEFAULTS,
  ...CACHE_DEFAULTS,
  ...PROCESS_DEFAULTS,
};

/**
 * The defaults that change in production (`--production`, or NODE_ENV=production): nothing that
 * helps an attacker explore the API or read internals is on unless asked for explicitly.
 */
export const PRODUCTION_DEFAULTS: Partial<ServeConfig> = {
  introspection: false,
  hideSuggestions: true,
  graphiql: false,
  metrics: false,
};

const both: readonly CommandName[] = ['serve', 'demo'];
/** The commands that reflect a database (`demo --memory` reflects none and ignores these). */
const reflecting: readonly CommandName[] = ['serve', 'demo', 'explain', 'print-schema'];
/** The commands that read a database given by URL. */
const connecting: readonly CommandName[] = ['serve', 'explain', 'print-schema'];
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Kind => ({ type: 'integer', min, max });

/** One table drives flags, environment variables, the config file and `--help`. */
export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'schema',
    kind: { type: 'string' },
    commands: ['serve', 'print-schema'],
    placeholder: 'module',
    help: 'module exporting a GraphQLSchema (default or `schema`) or `typeDefs` + `resolvers`',
    defaultHelp: 'none: reflect --database',
  },
  {
    name: 'database',
    kind: { type: 'string' },
    commands: [...connecting, 'db'],
    placeholder: 'url',
    help: 'postgres:// URL to reflect, or pglite:<dir> (embedded)',
    defaultHelp: '$DATABASE_URL',
  },
  {
    name: 'databaseSchemas',
    kind: { type: 'list' },
    commands: [...connecting, 'db'],
    placeholder: 'names',
    help: 'PostgreSQL schemas to reflect, comma-separated',
    defaultHelp: 'public',
  },
  {
    name: 'tables',
    kind: { type: 'list' },
    commands: [...connecting, 'db'],
    placeholder: 'names',
    help: 'expose only these tables and views (name or schema.name)',
    defaultHelp: 'every table and view',
  },
  {
    name: 'excludeTables',
    kind: { type: 'list' },
    commands: connecting,
    placeholder: 'names',
    help: 'hide these tables and views (relations to them disappear)',
    defaultHelp: 'none',
  },
  ...REFLECTION_OPTIONS,
  {
    name: 'poolSize',
    kind: int(1, 1000),
    commands: ['serve'],
    placeholder: 'n',
    help: 'most PostgreSQL connections at once',
    defaultHelp: '10',
  },
  {
    name: 'poolAcquireTimeoutMs',
    kind: int(1),
    commands: ['serve'],
    placeholder: 'ms',
    help: 'longest a statement waits for a free connection before DATABASE_BUSY',
    defaultHelp: '5000',
  },
  {
    name: 'statementTimeoutMs',
    kind: int(0),
    commands: ['serve'],
    placeholder: 'ms',
    help: 'PostgreSQL statement_timeout, 0 = none',
    defaultHelp: 'just under --timeout-ms, so the database cancels first',
  },
  {
    name: 'pgSettings',
    kind: { type: 'list' },
    commands: connecting,
    placeholder: 'name=value,…',
    help: "PostgreSQL settings of every connection, over Sluice's; `name=` keeps the server's value",
    defaultHelp: "Sluice's: jit=off, plan_cache_mode=force_custom_plan, random_page_cost=1.1",
  },
  ...PROCESS_OPTIONS,
  {
    name: 'maxPreparedStatements',
    kind: int(0),
    commands: connecting,
    placeholder: 'n',
    help: 'most distinct statements a connection keeps prepared, 0 = none (PgBouncer in transaction mode); postgres:// only',
    defaultHelp: '1000',
  },
  {
    name: 'maxPreparedStatementBytes',
    kind: int(1),
    commands: ['serve'],
    placeholder: 'n',
    help: 'most bytes of statement text a connection keeps prepared; postgres:// only',
    defaultHelp: '1 MiB',
  },
  {
    name: 'defaultPageSize',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'rows of a list or connection when the request gives no limit, first or last',
    defaultHelp: '100',
  },
  {
    name: 'maxPageSize',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'largest limit, first or last a request may give, else BAD_USER_INPUT',
    defaultHelp: '1000',
  },
  {
    name: 'maxFilterDepth',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'deepest nesting of a where argument, else MAX_INPUT_DEPTH_EXCEEDED',
    defaultHelp: '10',
  },
  {
    name: 'maxPatternLength',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'longest like / ilike pattern in characters, else BAD_USER_INPUT',
    defaultHelp: '1000',
  },
  {
    name: 'maxListLength',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'most values of an in / notIn list, else BAD_USER_INPUT',
    defaultHelp: '10000',
  },
  {
    name: 'maxMutationRows',
    kind: int(1),
    commands: reflecting,
    placeholder: 'n',
    help: 'most rows one mutation field writes, counted across nesting, else MUTATION_TOO_LARGE',
    defaultHelp: '1000',
  },
  {
    name: 'allowUnfilteredWrites',
    kind: { type: 'boolean' },
    commands: reflecting,
    help: 'let update / delete by a where that sets no condition reach every row (else UNFILTERED_WRITE)',
  },
  {
    name: 'readOnly',
    kind: { type: 'boolean' },
    commands: reflecting,
    help: 'reflect no Mutation type: the database is only read',
  },
  {
    name: 'memory',
    kind: { type: 'boolean' },
    commands: ['demo'],
    help: 'serve the in-memory resolver demo (with mutations) instead of PGlite',
  },
  {
    name: 'variables',
    kind: { type: 'string' },
    commands: ['explain'],
    placeholder: 'json',
    help: "the operation's variables, a JSON object",
    defaultHelp: 'none',
  },
  {
    name: 'operationName',
    kind: { type: 'string' },
    commands: ['explain'],
    placeholder: 'name',
    help: 'which operation of the document to explain',
    defaultHelp: 'the only one',
  },
  {
    name: 'analyze',
    kind: { type: 'boolean' },
    commands: ['explain'],
    help: 'run the statement: EXPLAIN (ANALYZE, BUFFERS) with actual times',
  },
  {
    name: 'sort',
    kind: { type: 'boolean' },
    commands: ['print-schema'],
    help: "types and fields in alphabetical order (a stable diff), not the schema's order",
  },
  {
    name: 'port',
    kind: int(0, 65535),
    commands: both,
    placeholder: 'n',
    help: 'port to listen on (0 = any free port)',
  },
  {
    name: 'host',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'address',
    help: 'address to listen on',
  },
  {
    name: 'path',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'path',
    help: 'URL path of the GraphQL endpoint',
  },
  {
    name: 'production',
    kind: { type: 'boolean' },
    commands: both,
    help: 'mask unexpected errors, hide suggestions, no introspection, GraphiQL or metrics unless asked for',
    defaultHelp: 'off; on when NODE_ENV=production',
  },
  {
    name: 'introspection',
    kind: { type: 'boolean' },
    commands: both,
    help: 'allow __schema / __type',
  },
  {
    name: 'hideSuggestions',
    kind: { type: 'boolean' },
    commands: both,
    help: 'leave "Did you mean …?" out of error messages',
  },
  {
    name: 'maxTokens',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'most lexical tokens in a document',
    defaultHelp: 'engine default 10000',
  },
  {
    name: 'maxDepth',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'deepest field nesting',
    defaultHelp: 'engine default 20',
  },
  {
    name: 'maxAliases',
    kind: int(0),
    commands: both,
    placeholder: 'n',
    help: 'most aliases per operation',
    defaultHelp: 'engine default 100',
  },
  {
    name: 'maxDirectives',
    kind: int(0),
    commands: both,
    placeholder: 'n',
    help: 'most directives per operation',
    defaultHelp: 'engine default 50',
  },
  {
    name: 'maxCost',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'highest estimated cost',
    defaultHelp: 'engine default 50000',
  },
  {
    name: 'maxDocumentBytes',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'largest document text in UTF-8 bytes, also for the APQ store',
    defaultHelp: 'engine default 100 KB',
  },
  {
    name: 'maxVariablesBytes',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'largest variables object, in bytes of JSON',
    defaultHelp: 'engine default 100 KB',
  },
  {
    name: 'maxInputDepth',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'deepest nesting of lists and input objects in variables and arguments',
    defaultHelp: 'engine default 32',
  },
  {
    name: 'planCacheSize',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'documents kept in the plan cache',
    defaultHelp: 'engine default 1000',
  },
  {
    name: 'planCacheBytes',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'estimated bytes of what the plan cache keeps',
    defaultHelp: 'engine default 64 MiB',
  },
  {
    name: 'maxBodyBytes',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'largest request body after decompression',
    defaultHelp: '1 MiB',
  },
  ...CACHE_OPTIONS,
  {
    name: 'timeoutMs',
    kind: int(1),
    commands: both,
    placeholder: 'ms',
    help: 'longest an operation may run before 504 TIMEOUT',
    defaultHelp: '30000',
  },
  {
    name: 'requestTimeoutMs',
    kind: int(1),
    commands: both,
    placeholder: 'ms',
    help: 'longest to receive a request body before 408',
    defaultHelp: '30000',
  },
  {
    name: 'shutdownGraceMs',
    kind: int(0),
    commands: both,
    placeholder: 'ms',
    help: 'on SIGTERM, how long in-flight requests may finish',
    defaultHelp: '10000',
  },
  ...REALTIME_OPTIONS,
  ...DB_OPTIONS,
  {
    name: 'graphiql',
    kind: { type: 'boolean' },
    commands: both,
    help: 'serve GraphiQL to browsers at the endpoint',
  },
  {
    name: 'csrf',
    kind: { type: 'boolean' },
    commands: both,
    help: 'refuse GETs without a preflight header (--no-csrf to allow)',
  },
  {
    name: 'cors',
    kind: { type: 'list' },
    commands: both,
    placeholder: 'origins',
    help: 'comma-separated origins allowed cross-origin, or *',
    defaultHelp: 'none: same origin only',
  },
  {
    name: 'compression',
    kind: { type: 'boolean' },
    commands: both,
    help: 'compress responses when asked (--no-compression to stop)',
  },
  {
    name: 'metrics',
    kind: { type: 'boolean' },
    commands: both,
    help: 'serve Prometheus metrics at /metrics',
  },
  {
    name: 'persisted',
    kind: { type: 'enum', values: ['off', 'apq', 'trusted'] },
    commands: both,
    placeholder: 'mode',
    help: 'persisted operations (trusted: an allowlist only)',
  },
  {
    name: 'persistedDocuments',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'file',
    help: 'JSON file: allowlist / APQ seed ({hash: text}, [text], or an Apollo manifest)',
    defaultHelp: 'none',
  },
  {
    name: 'validationErrorStatus',
    kind: { type: 'enum', values: ['400', '422'] },
    commands: both,
    placeholder: 'code',
    help: 'status of validation errors under graphql-response+json',
  },
  {
    name: 'logLevel',
    kind: { type: 'enum', values: ['debug', 'info', 'warn', 'error', 'silent'] },
    commands: both,
    placeholder: 'level',
    help: 'least severe JSON log line written to stdout',
  },
  ...AUTH_OPTIONS,
];

/**
 * What an option is when nothing sets it, as `--help` says it: `defaultHelp`, else its value in
 * DEFAULT_CONFIG (booleans as on/off), with the production default when that differs.
 */
export function defaultText(spec: OptionSpec): string {
  if (spec.defaultHelp !== undefined) return spec.defaultHelp;
  const words = (value: unknown) =>
    typeof value === 'boolean'
      ? value
        ? 'on'
        : 'off'
      : Array.isArray(value)
        ? value.join(',')
        : String(value);
  const text = words(DEFAULT_CONFIG[spec.name]);
  const production = PRODUCTION_DEFAULTS[spec.name];
  return production === undefined ? text : `${text}; ${words(production)} in production`;
}

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const envName = (name: string) =>
  `SLUICE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
