import { describe, expect, it } from 'vitest';
import { makeSchema } from '../engine/index.js';
import { silentLogger } from '../server/index.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';
import { poolOptions } from './openDatabase.js';
import { DEFAULT_CONFIG } from './options.js';
import { parseCommand } from './parseCommand.js';
import { engineOptions, serverOptions } from './startServer.js';

/**
 * The flags for the database pool's timeouts and the engine's input size limits: read like every
 * other option (flag, SLUICE_* variable, config file) and passed on to where they apply.
 */
const schema = makeSchema({ typeDefs: 'type Query { a: Int }', resolvers: {} });

describe('pool and input limit flags', () => {
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
