import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess as run } from './__fixtures__/runInProcess.js';
import { kebab, OPTIONS } from './options.js';

const temp = mkdtempSync(join(tmpdir(), 'sluice-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(temp, name);
  writeFileSync(path, text);
  return path;
}

describe('sluice help and usage', () => {
  it('prints help for the program and for every command', async () => {
    const main = await run(['--help']);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/serve\s+serve a PostgreSQL database or a schema module/);
    expect(main.stdout).toMatch(/demo\s+serve a demo database/);
    expect(main.stdout).toMatch(/explain\s+print an operation's SQL/);
    expect(main.stdout).toMatch(/print-schema\s+print the SDL of what serve would expose/);
    for (const command of ['serve', 'demo']) {
      const help = await run([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: sluice ${command}`);
      expect(help.stdout).toContain('--port <n>');
      expect(help.stdout).toContain('env SLUICE_PORT');
      expect(help.stdout).toContain('--[no-]csrf');
      expect(help.stdout).toContain('Exit codes:');
    }
    const serve = (await run(['serve', '--help'])).stdout;
    for (const flag of ['--schema <module>', '--database <url>', '--database-schemas <names>'])
      expect(serve).toContain(flag);
    for (const flag of ['--tables <names>', '--exclude-tables <names>', '--pool-size <n>'])
      expect(serve).toContain(flag);
    const demo = (await run(['demo', '--help'])).stdout;
    expect(demo).not.toContain('--schema');
    expect(demo).toContain('--[no-]memory');
    const explain = await run(['explain', '--help']);
    expect(explain.code).toBe(0);
    expect(explain.stdout).toContain('Usage: sluice explain <file.graphql | ->');
    for (const flag of [
      '--database <url>',
      '--variables <json>',
      '--[no-]analyze',
      '9 bad operation',
    ])
      expect(explain.stdout).toContain(flag);
    expect(explain.stdout).not.toContain('--port');
  });

  it("shows every option's default, and the values of every enum option", async () => {
    for (const command of ['serve', 'demo', 'explain', 'print-schema'] as const) {
      const lines = (await run([command, '--help'])).stdout.split('\n');
      const specs = OPTIONS.filter((o) => o.commands.includes(command));
      for (const spec of specs) {
        // An object of the config file has no flag and no environment variable.
        const configOnly = spec.kind.type === 'config';
        const at = lines.findIndex((l) =>
          l.startsWith(
            configOnly
              ? `  config file "${spec.name}" `
              : `  --${spec.kind.type === 'boolean' ? '[no-]' : ''}${kebab(spec.name)} `,
          ),
        );
        expect(at, `${command} --${kebab(spec.name)}`).toBeGreaterThan(0);
        const next = lines[at + 1] ?? '';
        expect(next).toMatch(
          configOnly ? /^ +default \S.*[^;]$/ : /^ +(one of .+; )?default .+; env SLUICE_[A-Z_]+$/,
        );
        expect(next).not.toMatch(/default (undefined|null)/);
      }
    }
    const serve = (await run(['serve', '--help'])).stdout;
    expect(serve).toContain(
      'one of debug, info, warn, error, silent; default info; env SLUICE_LOG_LEVEL',
    );
    expect(serve).toContain('default 4000; env SLUICE_PORT');
    expect(serve).toContain('default on; off in production; env SLUICE_INTROSPECTION');
  });

  it('prints the version', async () => {
    const res = await run(['--version']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    [[], 'Usage: sluice'],
    [['launch'], 'Unknown command "launch"'],
    [
      ['serve', '--schema', 'x.mjs', '--prot', '1'],
      "Unknown option '--prot' for serve; did you mean --port? (see `sluice serve --help`)",
    ],
    [['explain', 'q.graphql', '--analyse'], "'--analyse' for explain; did you mean --analyze?"],
    [['serve', '--no-csfr'], "'--no-csfr' for serve; did you mean --no-csrf?"],
    [['serve', '--quux'], "Unknown option '--quux' for serve. (see"],
    [
      ['serve', '--schema', 'x.mjs', '--port', 'abc'],
      '--port: expected an integer from 0 to 65535',
    ],
    [['serve', '--schema', 'x.mjs', '--port', '70000'], '--port: expected an integer'],
    [['serve', '--schema', 'x.mjs', '--persisted', 'maybe'], 'one of off, apq, trusted'],
    [['serve', '--csrf', '--no-csrf', '--schema', 'x.mjs'], 'contradict'],
    [['serve'], 'serve needs --schema'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const res = await run(argv);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
  });

  it('exits 2 on a bad environment variable, naming it', async () => {
    const res = await run(['demo'], { SLUICE_PORT: 'eighty' });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('SLUICE_PORT: expected an integer');
  });
});

describe('sluice serve: bad modules, bad schemas, bad config', () => {
  it.each([
    ['a missing module', 4, () => join(temp, 'missing.mjs'), 'Schema module not found'],
    [
      'a module that throws',
      4,
      () => file('throws.mjs', 'throw new Error("no DATABASE_URL");'),
      'no DATABASE_URL',
    ],
    [
      'a syntax error',
      4,
      () => file('syntax.mjs', 'export const = ;'),
      'Cannot load schema module',
    ],
    [
      'a module exporting nothing useful',
      5,
      () => file('empty.mjs', 'export const x = 1;'),
      'exports no schema',
    ],
    [
      'invalid SDL',
      5,
      () => file('sdl.mjs', 'export const typeDefs = "type Query { a: Nope }";'),
      'Unknown type "Nope"',
    ],
    [
      'unparsable SDL',
      5,
      () => file('parse.mjs', 'export const typeDefs = "type Query {";'),
      'Syntax Error',
    ],
    [
      'an SDL file',
      4,
      () => file('schema.graphql', 'type Query { a: Int }'),
      '--schema takes a JavaScript module (.js, .mjs; .ts with a loader), not SDL',
    ],
  ])('%s exits %i', async (_name, code, make, message) => {
    const res = await run(['serve', '--schema', make()]);
    expect(res.code).toBe(code);
    expect(res.stderr).toContain(message);
  });

  it('exits 3 on an unreadable, malformed or unknown-key config file', async () => {
    const cases: Array<[string, string]> = [
      [join(temp, 'none.json'), 'Cannot read config file'],
      [file('bad.json', '{ "port": '), 'Cannot read config file'],
      [file('list.json', '[1]'), 'must hold a JSON object'],
      [file('typo.json', '{ "prot": 1 }'), 'unknown option "prot" for demo; did you mean "port"?'],
      [file('type.json', '{ "port": "x" }'), '"port": expected an integer'],
    ];
    for (const [path, message] of cases) {
      const res = await run(['demo', '--config', path]);
      expect(res.code, path).toBe(3);
      expect(res.stderr).toContain(message);
    }
  });

  it('exits 3 when trusted mode has no allowlist or an unreadable one', async () => {
    const schema = 'src/cli/__fixtures__/schema.mjs';
    const none = await run(['serve', '--schema', schema, '--persisted', 'trusted', '--port', '0']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('needs --persisted-documents');
    const bad = await run([
      'serve',
      '--schema',
      schema,
      '--persisted',
      'trusted',
      '--persisted-documents',
      file('docs.json', '{"a": 1}'),
    ]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('is not a document text');
  });

  it('exits 3 when a persisted-documents file is given without a persisted mode to use it', async () => {
    // Mode off would load the list and ignore it: any document runs, and none runs by its id.
    const res = await run([
      'serve',
      '--schema',
      'src/cli/__fixtures__/schema.mjs',
      '--port',
      '0',
      '--persisted-documents',
      file('allowlist.json', '{"hello": "{ hello }"}'),
    ]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('--persisted-documents needs --persisted trusted or apq');
  });

  it('exits 3 when a persisted document does not parse, naming it', async () => {
    const res = await run([
      'serve',
      '--schema',
      'src/cli/__fixtures__/schema.mjs',
      '--persisted',
      'trusted',
      '--persisted-documents',
      file('broken.json', '{"good": "{ hello }", "broken": "{ hello "}'),
    ]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(
      'the document "broken" does not parse: Syntax Error: Expected Name, found <EOF>. (line 1, column 9)',
    );
  });

  it('exits 6 when the port is in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const res = await run([
        'serve',
        '--schema',
        'src/cli/__fixtures__/schema.mjs',
        '--port',
        String(port),
      ]);
      expect(res.code).toBe(6);
      expect(res.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('exits 7 when it cannot listen on the address', async () => {
    const res = await run([
      'serve',
      '--schema',
      'src/cli/__fixtures__/schema.mjs',
      '--port',
      '0',
      '--host',
      '192.0.2.1',
    ]);
    expect(res.code).toBe(7);
    expect(res.stderr).toContain('Cannot listen on 192.0.2.1:0');
  });
});
