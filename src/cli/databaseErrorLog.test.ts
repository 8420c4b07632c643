import { describe, expect, it } from 'vitest';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { useStartedClis } from './__fixtures__/spawnCli.js';

/**
 * `sluice serve --database`, end to end: a statement PostgreSQL refuses is logged (level error)
 * with the request's id, PostgreSQL's message, the SQLSTATE and the statement's name, while the
 * client is told only the code and the SQLSTATE. The statement fails in PostgreSQL itself: a
 * migration dropped a column that a PL/pgSQL function behind a view still reads (PostgreSQL does
 * not track what a PL/pgSQL body names, so the view reflects fine and fails when run).
 */
const database = useDatabaseFlag((client) =>
  client.exec(`
    CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, summary text);
    CREATE FUNCTION note_summary(note_id int) RETURNS text LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN (SELECT summary FROM notes WHERE id = note_id);
      END
    $$;
    CREATE VIEW note_summaries AS SELECT id, note_summary(id) AS summary FROM notes;
    INSERT INTO notes VALUES (1, 'the first note', 'first');
    ALTER TABLE notes DROP COLUMN summary;
  `),
);
const start = useStartedClis();

interface LogLine {
  readonly level: string;
  readonly msg: string;
  readonly [key: string]: unknown;
}

const logLines = (stdout: string): LogLine[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

async function post(url: string, query: string, requestId: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify({ query }),
  });
  return { id: res.headers.get('x-request-id'), text: await res.text() };
}

describe('sluice serve --database logs the statements PostgreSQL refused', () => {
  it('one error line per failed statement, with its request id; the client gets DATABASE_ERROR only', async () => {
    const cli = await start(['serve', '--database', database.value, '--port', '0']);
    // The database answers what the migration left alone.
    const fine = await post(cli.url, '{ notes { id body } }', 'fine-1');
    expect(JSON.parse(fine.text)).toEqual({ data: { notes: [{ id: 1, body: 'the first note' }] } });

    const failed = [];
    for (const id of ['e2e-request-1', 'e2e-request-2'])
      failed.push(await post(cli.url, '{ noteSummaries { id summary } }', id));
    for (const [i, res] of failed.entries()) {
      expect(res.id).toBe(`e2e-request-${i + 1}`);
      const body = JSON.parse(res.text) as {
        errors: { message: string; extensions: Record<string, unknown> }[];
      };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]?.extensions).toEqual({ code: 'DATABASE_ERROR', sqlState: '42703' });
      expect(body.errors[0]?.message).toBe('The database could not run the statement.');
      expect(res.text).not.toContain('does not exist');
      expect(res.text).not.toContain('note_summary');
    }

    const errorLines = () => logLines(cli.stdout()).filter((line) => line.msg === 'database error');
    await expect.poll(() => errorLines().length).toBe(2);
    const lines = errorLines();
    for (const [i, line] of lines.entries()) {
      expect(line).toMatchObject({
        level: 'error',
        requestId: `e2e-request-${i + 1}`,
        code: 'DATABASE_ERROR',
        sqlState: '42703',
        statement: expect.stringMatching(/^sluice_[0-9a-f]{12}$/) as unknown,
        message: expect.stringContaining('column "summary" does not exist') as unknown,
      });
    }
    // The same statement both times: one name, so the lines group.
    expect(lines[0]?.statement).toBe(lines[1]?.statement);
    // Nothing else was logged at level error (the request that worked, above all).
    expect(logLines(cli.stdout()).filter((line) => line.level === 'error')).toHaveLength(2);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 180_000);
});
