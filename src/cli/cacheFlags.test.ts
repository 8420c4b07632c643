import { describe, expect, it } from 'vitest';
import { makeSchema } from '../engine/index.js';
import { silentLogger, type InvalidationBus } from '../server/index.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';
import { DEFAULT_CONFIG } from './options.js';
import { parseCommand } from './parseCommand.js';
import { cacheOptions, serverOptions } from './startServer.js';

/** The result cache's flags: off by default, read like every option, passed to the server. */
const schema = makeSchema({ typeDefs: 'type Query { a: Int }', resolvers: {} });

describe('result cache flags', () => {
  it('reads them from flags and SLUICE_* variables', () => {
    const { config } = parseCommand(
      'serve',
      [
        '--cache-bytes',
        '1000000',
        '--cache-fields',
        'Query.users,Query.posts',
        '--cache-admission',
        'all',
      ],
      { SLUICE_CACHE_TTL: '5', SLUICE_CACHE_OPERATIONS: 'Feed' },
      process.cwd(),
    );
    expect(config).toMatchObject({
      cacheBytes: 1_000_000,
      cacheTtl: 5,
      cacheFields: ['Query.users', 'Query.posts'],
      cacheOperations: ['Feed'],
      cacheAdmission: 'all',
    });
    expect(() => parseCommand('serve', ['--cache-admission', 'first'], {}, process.cwd())).toThrow(
      /--cache-admission: expected one of repeated, all/,
    );
  });

  it('leaves the cache off by default, and otherwise passes the policy and the bus on', () => {
    expect(cacheOptions(DEFAULT_CONFIG, {})).toBeUndefined();
    expect(serverOptions(DEFAULT_CONFIG, { schema }, silentLogger, process.cwd()).cache).toBe(
      undefined,
    );
    const bus: InvalidationBus = { publish: () => {}, subscribe: () => {} };
    const config = {
      ...DEFAULT_CONFIG,
      cacheBytes: 4096,
      cacheTtl: 7,
      cacheFields: ['Query.a'],
      cacheOperations: ['A'],
    };
    expect(cacheOptions(config, { invalidation: bus })).toEqual({
      maxBytes: 4096,
      ttl: 7,
      admission: 'repeated',
      fields: { 'Query.a': 7 },
      operations: { A: 7 },
      invalidation: bus,
    });
    // With a cache, the engine's schema declares @cached.
    const options = serverOptions(config, { schema }, silentLogger, process.cwd());
    expect(options.engine.schema.getDirective('cached')).toBeDefined();
  });

  it('lists them in --help with their defaults', async () => {
    const serve = (await run(['serve', '--help'])).stdout;
    for (const flag of [
      '--cache-bytes <n>',
      '--cache-ttl <s>',
      '--cache-fields <coordinates>',
      '--cache-operations <names>',
      '--cache-admission <which>',
    ])
      expect(serve).toContain(flag);
    expect(serve).toMatch(/--cache-bytes <n>.*\n\s+default 0: off/);
    expect(serve).toMatch(/--cache-admission <which>.*\n\s+one of repeated, all; default repeated/);
  });
});
