import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSchema } from '../engine/index.js';
import { silentLogger } from '../server/index.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';
import { reflectOptions } from './loadDatabaseSource.js';
import { poolOptions } from './openDatabase.js';
import { DEFAULT_CONFIG } from './options.js';
import { parseCommand } from './parseCommand.js';
import { engineOptions, serverOptions } from './startServer.js';

/**
 * The flags for the database pool's bounds, the engine's input size and plan cache limits and the
 * reflection's bounds: read like every other option (flag, SLUICE_* variable, config file) and
 * passed on to where they apply (end to end: serveDatabase.test.ts, explainCommand.test.ts and
 * the demo in process.test.ts).
 */
const schema = makeSchema({ typeDefs: 'type Query { a: Int }', resolvers: {} });

describe('pool, input, reflection and plan cache limit flags', () => {
  it('reads them from flags and SLUICE_* variables', () => {
    const { config } = parseCommand(
      'serve',
      [
        '--pool-acquire-timeout-ms',
        '1500',
        '--statement-timeout-ms',
        '2500',
        '--max-document-bytes',
        '20000',
        '--max-variables-bytes',
        '30000',
      ],
      { SLUICE_MAX_INPUT_DEPTH: '7' },
      process.cwd(),
    );
    expect(config).toMatchObject({
      poolAcquireTimeoutMs: 1500,
      statementTimeoutMs: 2500,
      maxDocumentBytes: 20000,
      maxVariablesBytes: 30000,
      maxInputDepth: 7,
    });
  });

  it('lists them in --help (pool flags for serve only)', async () => {
    const serve = (await run(['serve', '--help'])).stdout;
    for (const flag of [
      '--pool-acquire-timeout-ms <ms>',
      '--statement-timeout-ms <ms>',
      '--max-document-bytes <n>',
      '--max-variables-bytes <n>',
      '--max-input-depth <n>',
    ])
      expect(serve).toContain(flag);
    const demo = (await run(['demo', '--help'])).stdout;
    expect(demo).toContain('--max-document-bytes <n>');
    expect(demo).not.toContain('--pool-acquire-timeout-ms');
  });

  it('reads the prepared statement, reflection and plan cache bounds from flags, SLUICE_* and the config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-limits-'));
    try {
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ maxListLength: 50 }));
      const { config } = parseCommand(
        'serve',
        [
          '--max-prepared-statements',
          '0',
          '--max-prepared-statement-bytes',
          '4096',
          '--default-page-size',
          '20',
          '--max-page-size',
          '200',
          '--max-filter-depth',
          '4',
          '--plan-cache-bytes',
          '1048576',
          '--config',
          'config.json',
        ],
        { SLUICE_MAX_PATTERN_LENGTH: '64' },
        dir,
      );
      expect(config).toMatchObject({
        maxPreparedStatements: 0,
        maxPreparedStatementBytes: 4096,
        defaultPageSize: 20,
        maxPageSize: 200,
        maxFilterDepth: 4,
        maxPatternLength: 64,
        maxListLength: 50,
        planCacheBytes: 1_048_576,
      });
      expect(reflectOptions(config)).toEqual({
        defaultPageSize: 20,
        maxPageSize: 200,
        maxFilterDepth: 4,
        maxPatternLength: 64,
        maxListLength: 50,
      });
      expect(reflectOptions(DEFAULT_CONFIG)).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes --plain-rows (or SLUICE_PLAIN_ROWS) to the reflection as plainRows', () => {
    const flag = parseCommand('serve', ['--plain-rows'], {}, tmpdir()).config;
    expect(reflectOptions(flag)).toEqual({ plainRows: true });
    const env = parseCommand('serve', [], { SLUICE_PLAIN_ROWS: '1' }, tmpdir()).config;
    expect(reflectOptions(env)).toEqual({ plainRows: true });
    expect(parseCommand('serve', [], {}, tmpdir()).config.plainRows).toBe(false);
  });

  it('refuses a bound of 0 where 0 would switch it off', async () => {
    for (const flag of ['--max-page-size', '--max-list-length', '--plan-cache-bytes']) {
      const res = await run(['serve', flag, '0']);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(`${flag}: expected an integer from 1 to`);
    }
  });

  it('lists them in --help for the commands they apply to', async () => {
    const reflection = [
      '--default-page-size <n>',
      '--max-page-size <n>',
      '--max-filter-depth <n>',
      '--max-pattern-length <n>',
      '--max-list-length <n>',
      '--max-mutation-rows <n>',
      '--[no-]allow-unfiltered-writes',
      '--[no-]read-only',
    ];
    const serve = (await run(['serve', '--help'])).stdout;
    for (const flag of [
      ...reflection,
      '--plan-cache-bytes <n>',
      '--max-prepared-statements <n>',
      '--max-prepared-statement-bytes <n>',
    ])
      expect(serve).toContain(flag);
    const demo = (await run(['demo', '--help'])).stdout;
    for (const flag of [...reflection, '--plan-cache-bytes <n>']) expect(demo).toContain(flag);
    expect(demo).not.toContain('--max-prepared-statements');
    const explain = (await run(['explain', '--help'])).stdout;
    for (const flag of [...reflection, '--max-prepared-statements <n>'])
      expect(explain).toContain(flag);
    expect(explain).not.toContain('--plan-cache-bytes');
  });

  it('gives the pool its prepared statement bounds, and the engine its plan cache bytes', () => {
    expect(
      poolOptions({ ...DEFAULT_CONFIG, maxPreparedStatements: 0, maxPreparedStatementBytes: 4096 }),
    ).toEqual({
      statementTimeoutMs: 29_500,
      maxPreparedStatements: 0,
      maxPreparedStatementBytes: 4096,
    });
    expect(
      engineOptions(schema, { ...DEFAULT_CONFIG, planCacheBytes: 1_048_576 }, silentLogger),
    ).toMatchObject({ planCacheBytes: 1_048_576 });
    expect(engineOptions(schema, DEFAULT_CONFIG, silentLogger)).not.toHaveProperty(
      'planCacheBytes',
    );
  });

  it('gives the pool its acquire timeout, and a statement timeout just under the operation timeout', () => {
    expect(poolOptions(DEFAULT_CONFIG)).toEqual({ statementTimeoutMs: 29_500 });
    expect(poolOptions({ ...DEFAULT_CONFIG, timeoutMs: 10_000 })).toEqual({
      statementTimeoutMs: 9_500,
    });
    expect(poolOptions({ ...DEFAULT_CONFIG, timeoutMs: 1_000 })).toEqual({
      statementTimeoutMs: 900,
    });
    expect(
      poolOptions({
        ...DEFAULT_CONFIG,
        poolSize: 3,
        poolAcquireTimeoutMs: 700,
        statementTimeoutMs: 0,
      }),
    ).toEqual({ max: 3, acquireTimeoutMs: 700, statementTimeoutMs: 0 });
  });

  it('passes the input limits to the engine, and the document limit to the APQ store too', () => {
    const config = {
      ...DEFAULT_CONFIG,
      maxDocumentBytes: 20_000,
      maxVariablesBytes: 30_000,
      maxInputDepth: 7,
    };
    expect(engineOptions(schema, config, silentLogger)).toMatchObject({
      maxDocumentBytes: 20_000,
      maxVariablesBytes: 30_000,
      maxInputDepth: 7,
    });
    expect(engineOptions(schema, DEFAULT_CONFIG, silentLogger)).not.toHaveProperty(
      'maxDocumentBytes',
    );
    const server = serverOptions({ ...config, persisted: 'apq' }, { schema }, silentLogger, '.');
    expect(server.persisted).toMatchObject({ mode: 'apq', maxDocumentBytes: 20_000 });
  });
});
