import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, envName, OPTIONS } from './options.js';
import { parseCommand } from './parseCommand.js';

const temp = mkdtempSync(join(tmpdir(), 'sluice-options-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('parseCommand', () => {
  it('starts from the defaults', () => {
    expect(parseCommand('demo', [], {}, temp).config).toEqual(DEFAULT_CONFIG);
  });

  it('layers config file < environment < flags', () => {
    writeFileSync(
      join(temp, 'sluice.config.json'),
      JSON.stringify({
        port: 1111,
        host: '0.0.0.0',
        maxDepth: 7,
        csrf: false,
        cors: ['https://a.example'],
      }),
    );
    const env = { SLUICE_CONFIG: 'sluice.config.json', SLUICE_PORT: '2222', SLUICE_MAX_DEPTH: '9' };
    const { config } = parseCommand('demo', ['--port', '3333', '--csrf'], env, temp);
    expect(config.port).toBe(3333); // flag over env over file
    expect(config.maxDepth).toBe(9); // env over file
    expect(config.host).toBe('0.0.0.0'); // file over default
    expect(config.csrf).toBe(true); // flag over file
    expect(config.cors).toEqual(['https://a.example']);
  });

  it('takes a list flag repeated as well as comma-separated', () => {
    const { config } = parseCommand(
      'serve',
      [
        '--read-replica',
        'postgres://a/db',
        '--read-replica',
        'postgres://b/db,postgres://c/db',
        '--cors',
        'https://a.example',
      ],
      {},
      temp,
    );
    expect(config.readReplica).toEqual(['postgres://a/db', 'postgres://b/db', 'postgres://c/db']);
    expect(config.cors).toEqual(['https://a.example']);
  });

  it('reads booleans, lists and enums from text', () => {
    const { config } = parseCommand(
      'serve',
      [
        '--no-introspection',
        '--cors',
        'https://a.example, https://b.example',
        '--persisted',
        'apq',
        '--validation-error-status',
        '422',
      ],
      { SLUICE_PRODUCTION: 'true', SLUICE_GRAPHIQL: '0' },
      temp,
    );
    expect(config).toMatchObject({
      introspection: false,
      production: true,
      graphiql: false,
      cors: ['https://a.example', 'https://b.example'],
      persisted: 'apq',
      validationErrorStatus: '422',
    });
  });

  it('NODE_ENV=production or --production: masked errors, no suggestions, introspection, GraphiQL or metrics', () => {
    const production = {
      production: true,
      introspection: false,
      hideSuggestions: true,
      graphiql: false,
      metrics: false,
    };
    expect(parseCommand('serve', [], { NODE_ENV: 'production' }, temp).config).toMatchObject(
      production,
    );
    expect(parseCommand('demo', ['--production'], {}, temp).config).toMatchObject(production);
    expect(parseCommand('serve', [], { SLUICE_PRODUCTION: '1' }, temp).config).toMatchObject(
      production,
    );
  });

  it('keeps development defaults without NODE_ENV=production, or with --no-production', () => {
    const development = {
      production: false,
      introspection: true,
      hideSuggestions: false,
      graphiql: true,
      metrics: true,
    };
    expect(parseCommand('serve', [], { NODE_ENV: 'development' }, temp).config).toMatchObject(
      development,
    );
    expect(
      parseCommand('serve', ['--no-production'], { NODE_ENV: 'production' }, temp).config,
    ).toMatchObject(development);
  });

  it('in production, turns on only what is asked for explicitly (flag, env or config file)', () => {
    writeFileSync(join(temp, 'prod.json'), JSON.stringify({ metrics: true }));
    const { config } = parseCommand(
      'serve',
      ['--introspection', '--graphiql', '--no-hide-suggestions', '--config', 'prod.json'],
      { NODE_ENV: 'production' },
      temp,
    );
    expect(config).toMatchObject({
      production: true,
      introspection: true,
      graphiql: true,
      hideSuggestions: false,
      metrics: true,
    });
    const fromEnv = parseCommand(
      'serve',
      [],
      { NODE_ENV: 'production', SLUICE_GRAPHIQL: 'on' },
      temp,
    );
    expect(fromEnv.config).toMatchObject({ graphiql: true, introspection: false });
  });

  it("lets explain, print-schema and db read serve's config file, keys of other commands and all", () => {
    // docs/pg.md: `print-schema --config sluice.json` with the file `serve` is given.
    const file = join(temp, 'serve.json');
    writeFileSync(
      file,
      JSON.stringify({
        database: 'postgres://app@db:5432/shop',
        relay: true,
        port: 4000,
        persisted: 'trusted',
        maxDepth: 12,
        cors: ['https://a.example'],
      }),
    );
    for (const command of ['explain', 'print-schema', 'db'] as const) {
      const { config } = parseCommand(command, ['--config', file], {}, temp);
      expect(config.database, command).toBe('postgres://app@db:5432/shop');
    }
    expect(parseCommand('print-schema', ['--config', file], {}, temp).config.relay).toBe(true);
    // A key no command knows is still refused, with the nearest name any command knows.
    const typo = join(temp, 'typo.json');
    writeFileSync(typo, JSON.stringify({ prot: 4000 }));
    expect(() => parseCommand('print-schema', ['--config', typo], {}, temp)).toThrow(
      `Config file ${typo}: unknown option "prot" for print-schema; did you mean "port"?`,
    );
  });

  it('names every environment variable after its option', () => {
    expect(envName('maxBodyBytes')).toBe('SLUICE_MAX_BODY_BYTES');
    expect(new Set(OPTIONS.map((o) => envName(o.name))).size).toBe(OPTIONS.length);
    for (const option of OPTIONS) expect(option.name in DEFAULT_CONFIG).toBe(true);
  });
});
