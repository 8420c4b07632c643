import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, ExitCode } from './ExitCode.js';
import { reflectOptions } from './loadDatabaseSource.js';
import { parseCommand } from './parseCommand.js';

const temp = mkdtempSync(join(tmpdir(), 'sluice-reflection-options-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const withConfig = (config: unknown, argv: string[] = []) => {
  const path = join(temp, 'sluice.json');
  writeFileSync(path, JSON.stringify(config));
  return parseCommand('serve', ['--config', path, ...argv], {}, temp);
};

/** The message of the CliError that reading `config` throws (exit code 3, bad config). */
const refused = (config: unknown): string => {
  try {
    withConfig(config);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe(ExitCode.CONFIG);
    return (error as Error).message;
  }
  throw new Error('the config was taken');
};

describe('the reflection choices of the config file', () => {
  const config = {
    tables: ['users', 'active_users'],
    rename: { users: 'Member', 'users.full_name': 'name', 'posts.posts_author_id_fkey': 'writer' },
    inflector: { plurals: { cactus: 'cacti' }, uncountable: ['staff'] },
    viewKeys: {
      active_users: {
        primaryKey: ['id'],
        uniqueKeys: [['email']],
        foreignKeys: [{ columns: ['team_id'], references: 'teams', name: 'team' }],
      },
    },
  };

  it('are read into the options of reflect', () => {
    const parsed = withConfig(config).config;
    expect(parsed).toMatchObject(config);
    const options = reflectOptions(parsed);
    expect(options).toMatchObject({
      include: config.tables,
      rename: config.rename,
      viewKeys: config.viewKeys,
    });
    expect(options.inflector?.plural?.('cactus')).toBe('cacti');
    expect(options.inflector?.plural?.('staff')).toBe('staff');
    expect(options.inflector?.typeName?.({ name: 'cacti' } as never)).toBe('Cactus');
  });

  it('have no flags and no environment variables', () => {
    expect(() => parseCommand('serve', ['--rename', '{}'], {}, temp)).toThrow(
      "Unknown option '--rename'",
    );
    const fromEnv = parseCommand('serve', [], { SLUICE_RENAME: '{"users":"A"}' }, temp);
    expect(fromEnv.config.rename).toBeUndefined();
  });

  it('are checked, with the closest known key for a misspelt one', () => {
    const file = join(temp, 'sluice.json');
    expect(refused({ renames: {} })).toBe(
      `Config file ${file}: unknown option "renames" for serve; did you mean "rename"?`,
    );
    expect(refused({ rename: { users: 'not a name' } })).toBe(
      `Config file ${file}, "rename", "users": expected a GraphQL name (letters, digits and _, not starting with a digit), got "not a name".`,
    );
    expect(refused({ rename: ['users'] })).toBe(
      `Config file ${file}, "rename": expected an object, got ["users"].`,
    );
    expect(refused({ inflector: { plural: { a: 'b' } } })).toBe(
      `Config file ${file}, "inflector": unknown key "plural"; did you mean "plurals"?`,
    );
    expect(refused({ inflector: { typeName: 'x' } })).toBe(
      `Config file ${file}, "inflector": unknown key "typeName"; known keys: plurals, uncountable.`,
    );
    expect(refused({ viewKeys: { v: { primarykey: ['id'] } } })).toBe(
      `Config file ${file}, "viewKeys", "v": unknown key "primarykey"; did you mean "primaryKey"?`,
    );
    expect(refused({ viewKeys: { v: { primaryKey: [] } } })).toBe(
      `Config file ${file}, "viewKeys", "v".primaryKey: expected a non-empty list, got [].`,
    );
    expect(refused({ viewKeys: { v: { foreignKeys: [{ columns: ['a'] }] } } })).toBe(
      `Config file ${file}, "viewKeys", "v".foreignKeys[0]: "references" is missing.`,
    );
    expect(
      refused({
        viewKeys: { v: { foreignKeys: [{ columns: ['a'], references: 't', refs: [] }] } },
      }),
    ).toBe(
      `Config file ${file}, "viewKeys", "v".foreignKeys[0]: unknown key "refs"; known keys: columns, references, referencedColumns, name.`,
    );
    expect(refused({ viewKeys: { v: { uniqueKeys: [['a', 1]] } } })).toBe(
      `Config file ${file}, "viewKeys", "v".uniqueKeys[0][1]: expected a non-empty string, got 1.`,
    );
  });
});
