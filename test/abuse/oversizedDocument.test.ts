import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

/** `{ hello }` after `bytes` of comment lines: tokens stay few, the text grows. */
const commented = (bytes: number) =>
  `${'# padding padding padding padding padding\n'.repeat(Math.ceil(bytes / 42))}{ hello }`;

describe('oversized documents', () => {
  it.each([200_000, 900_000])(
    '%i bytes of comments (over the 100 KB default): MAX_DOCUMENT_SIZE_EXCEEDED',
    async (bytes) => {
      const { result, health } = await underAttack(server.port, () =>
        graphql(server.port, { query: commented(bytes) }),
      );
      expectRequestError(result, 'MAX_DOCUMENT_SIZE_EXCEEDED');
      expectHealthy(health);
    },
  );

  it('900 KB of white space: MAX_DOCUMENT_SIZE_EXCEEDED', async () => {
    const answer = await graphql(server.port, { query: `${' '.repeat(900_000)}{ hello }` });
    expectRequestError(answer, 'MAX_DOCUMENT_SIZE_EXCEEDED');
  });

  it('50 KB of comments is answered', async () => {
    const answer = await graphql(server.port, { query: commented(50_000) });
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  });
});
