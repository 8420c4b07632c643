import type { ResultCacheOptions } from '../server/index.js';

/**
 * The options of `serve` and `demo` for the result cache (docs/cache.md), in the shape of the one
 * options table (options.ts spreads them into it; this file imports nothing of it).
 */
export interface CacheConfig {
  cacheBytes: number;
  cacheTtl: number;
  cacheFields: string[] | undefined;
  cacheOperations: string[] | undefined;
  cacheAdmission: NonNullable<ResultCacheOptions['admission']>;
}

export const CACHE_DEFAULTS: CacheConfig = {
  cacheBytes: 0,
  cacheTtl: 60,
  cacheFields: undefined,
  cacheOperations: undefined,
  cacheAdmission: 'repeated',
};

const both = ['serve', 'demo'] as const;

export const CACHE_OPTIONS = [
  {
    name: 'cacheBytes',
    kind: { type: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'n',
    help: 'result cache: most bytes of answers kept; queries opt in (docs/cache.md)',
    defaultHelp: '0: off',
  },
  {
    name: 'cacheTtl',
    kind: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 's',
    help: 'result cache: seconds an answer is served',
    defaultHelp: '60',
  },
  {
    name: 'cacheFields',
    kind: { type: 'list' },
    commands: both,
    placeholder: 'coordinates',
    help: 'result cache: root fields to cache (Query.users,…)',
    defaultHelp: 'none',
  },
  {
    name: 'cacheOperations',
    kind: { type: 'list' },
    commands: both,
    placeholder: 'names',
    help: 'result cache: query operation names to cache',
    defaultHelp: 'none',
  },
  {
    name: 'cacheAdmission',
    kind: { type: 'enum', values: ['repeated', 'all'] },
    commands: both,
    placeholder: 'which',
    help: 'result cache: keep an answer once its request repeats, or every answer',
    defaultHelp: 'repeated',
  },
] as const satisfies ReadonlyArray<{
  readonly name: keyof CacheConfig;
  readonly kind:
    | { readonly type: 'list' }
    | { readonly type: 'integer'; readonly min: number; readonly max: number }
    | { readonly type: 'enum'; readonly values: readonly string[] };
  readonly commands: readonly ('serve' | 'demo')[];
  readonly placeholder: string;
  readonly help: string;
  readonly defaultHelp: string;
}>;
