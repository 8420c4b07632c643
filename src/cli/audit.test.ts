import { auditServer, type AuditResult } from 'graphql-http';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './__fixtures__/spawnCli.js';

const running: RunningCli[] = [];
afterEach(() => {
  for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
});

/**
 * The notices kept with CSRF protection on (docs/server.md, "Audit"): these three optional (MAY)
 * audits send a bare GET, exactly the request a page on another site could make, so Sluice
 * refuses it with 403 CSRF_PREVENTED unless a preflight header is present.
 */
const CSRF_NOTICES = ['5A70', '6A70', 'D6D5'];

async function audit(extraArgs: string[]) {
  const cli = await startCli([
    'serve',
    '--schema',
    'src/cli/__fixtures__/schema.mjs',
    '--port',
    '0',
    '--log-level',
    'silent',
    ...extraArgs,
  ]);
  running.push(cli);
  const results = await auditServer({ url: cli.url });
  cli.child.kill('SIGTERM');
  expect(await cli.exited).toBe(0);
  const by = (status: AuditResult['status']) =>
    results
      .filter((r) => r.status === status)
      .map((r) => `${r.id} ${r.name}${'reason' in r ? `: ${r.reason}` : ''}`)
      .sort();
  return { results, errors: by('error'), warnings: by('warn'), notices: by('notice') };
}

describe('graphql-http audit suite against `sluice serve`', () => {
  it('default settings: 0 errors, 0 warnings, only the CSRF notices', async () => {
    const { results, errors, warnings, notices } = await audit([]);
    expect(results.length).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(notices.map((n) => n.slice(0, 4))).toEqual(CSRF_NOTICES);
  });

  it('with --no-csrf: every audit passes', async () => {
    const { results, errors, warnings, notices } = await audit(['--no-csrf']);
    expect([...errors, ...warnings, ...notices]).toEqual([]);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
  });
});
