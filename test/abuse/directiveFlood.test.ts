import { describe, expect, it } from 'vitest';
import { expectHealthy } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

const skips = (n: number) => ' @skip(if: false)'.repeat(n);

describe('directive overload', () => {
  it('@skip(if: false) 1,000 times on one field: MAX_DIRECTIVES_EXCEEDED', async () => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query: `{ hello${skips(1000)} }` }),
    );
    expect(result.status).toBe(400);
    expect(result.codes).toContain('MAX_DIRECTIVES_EXCEEDED');
    expectHealthy(health);
  });

  it('1,000 directives inside a fragment: MAX_DIRECTIVES_EXCEEDED', async () => {
    const answer = await graphql(server.port, {
      query: `{ ...D } fragment D on Query { hello${skips(1000)} }`,
    });
    expect(answer.status).toBe(400);
    expect(answer.codes).toContain('MAX_DIRECTIVES_EXCEEDED');
  });

  it('51 fields with one directive each: MAX_DIRECTIVES_EXCEEDED', async () => {
    const fields = Array.from({ length: 51 }, (_, i) => `a${i}: hello @include(if: true)`);
    const answer = await graphql(server.port, { query: `{ ${fields.join(' ')} }` });
    expect(answer.status).toBe(400);
    expect(answer.codes).toContain('MAX_DIRECTIVES_EXCEEDED');
  });
});
