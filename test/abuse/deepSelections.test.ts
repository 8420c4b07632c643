import { describe, expect, it } from 'vitest';
import { deepSelection } from './support/deepDocuments.js';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

// Token and size limits raised far enough that depth is the limit these documents meet first.
const depthBound = useAbuseServer({
  engine: { maxTokens: 10_000_000, maxDocumentBytes: 4 * 1024 * 1024 },
  server: { maxBodyBytes: 4 * 1024 * 1024 },
});
const defaults = useAbuseServer();

describe('deep selections', () => {
  it.each([21, 3_000, 10_000, 100_000])(
    '%i levels with only the depth limit in the way: MAX_DEPTH_EXCEEDED',
    async (levels) => {
      const { result, health } = await underAttack(depthBound.port, () =>
        graphql(depthBound.port, { query: deepSelection(levels) }),
      );
      expectRequestError(result, 'MAX_DEPTH_EXCEEDED');
      expectHealthy(health);
    },
  );

  it('20 levels are answered', async () => {
    const answer = await graphql(depthBound.port, { query: deepSelection(20) });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"id":"0.0.0.0.0');
  });

  it.each([3_000, 10_000, 100_000])(
    '%i levels under the default limits: refused by a limit, never a 500',
    async (levels) => {
      const { result, health } = await underAttack(defaults.port, () =>
        graphql(defaults.port, { query: deepSelection(levels) }),
      );
      expect(result.status).toBe(400);
      expect(['MAX_DEPTH_EXCEEDED', 'MAX_TOKENS_EXCEEDED', 'MAX_DOCUMENT_SIZE_EXCEEDED']).toContain(
        result.codes[0],
      );
      expectHealthy(health);
    },
  );
});
