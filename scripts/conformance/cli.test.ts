import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureCorpus } from './fixtureCorpus.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const conformance = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'scripts/conformance.ts'), ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
  });

let root: string;
beforeAll(() => {
  root = writeFixtureCorpus();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run conformance', () => {
  it('prints the totals and "N passed, M failed" alone on its last line, and exits 0', () => {
    const run = conformance(root);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('not scored (graphql-js itself threw): 1');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('7 passed, 0 failed');
  });

  it('reruns a single case with --only', () => {
    const run = conformance(root, '--only', 'vars/ok');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Conformance: 1 cases in 1 schemas');
  });

  it('prints usage and exits 0 without a corpus directory', () => {
    const run = conformance();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('usage: npm run conformance');
  });

  it('exits 2 on a corpus path that does not exist or holds no case', () => {
    const missing = conformance(join(root, 'nowhere'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no corpus folder at');
    const empty = conformance(root, '--only', 'no-such-case');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('no cases found');
  });
});
