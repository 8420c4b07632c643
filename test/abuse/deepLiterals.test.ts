import { describe, expect, it } from 'vitest';
import { deepListLiteral, deepObjectLiteral } from './support/deepDocuments.js';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

// Token and size limits raised far enough that depth is the limit these documents meet first.
const depthBound = useAbuseServer({
  engine: { maxTokens: 10_000_000, maxDocumentBytes: 4 * 1024 * 1024 },
  server: { maxBodyBytes: 4 * 1024 * 1024 },
});
const defaults = useAbuseServer();

describe.each([
  ['list', deepListLiteral],
  ['object', deepObjectLiteral],
])('deep %s literals', (_kind, literal) => {
  it.each([3_000, 10_000])('%i levels: MAX_DEPTH_EXCEEDED', async (levels) => {
    const { result, health } = await underAttack(depthBound.port, () =>
      graphql(depthBound.port, { query: literal(levels) }),
    );
    expectRequestError(result, 'MAX_DEPTH_EXCEEDED');
    expectHealthy(health);
  });

  it('10,000 levels under the default limits: refused by a limit, never a 500', async () => {
    const { result, health } = await underAttack(defaults.port, () =>
      graphql(defaults.port, { query: literal(10_000) }),
    );
    expect(result.status).toBe(400);
    expect(['MAX_DEPTH_EXCEEDED', 'MAX_TOKENS_EXCEEDED']).toContain(result.codes[0]);
    expectHealthy(health);
  });
});
