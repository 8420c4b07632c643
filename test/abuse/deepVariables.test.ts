import { describe, expect, it } from 'vitest';
import { bodyWithVariables, deepFilter, deepFilterList } from './support/deepDocuments.js';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { send, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();
const query = 'query ($f: Filter) { search(filter: $f) }';

describe('deeply nested variables', () => {
  it.each([
    ['objects', deepFilter],
    ['lists of objects', deepFilterList],
  ])('10,000 levels of %s: MAX_INPUT_DEPTH_EXCEEDED', async (_kind, filter) => {
    const { result, health } = await underAttack(server.port, () =>
      send(server.port, { body: bodyWithVariables(query, { f: filter(10_000) }) }),
    );
    expectRequestError(result, 'MAX_INPUT_DEPTH_EXCEEDED');
    expectHealthy(health);
  });

  it('100 levels (past the default input depth): MAX_INPUT_DEPTH_EXCEEDED', async () => {
    const answer = await send(server.port, {
      body: bodyWithVariables(query, { f: deepFilter(100) }),
    });
    expectRequestError(answer, 'MAX_INPUT_DEPTH_EXCEEDED');
  });

  it('10 levels are answered', async () => {
    const answer = await send(server.port, {
      body: bodyWithVariables(query, { f: deepFilter(10) }),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('not');
  });

  it('a deep value in a variable the operation does not declare is not read', async () => {
    // Unused variables are never coerced (spec CoerceVariableValues walks the definitions).
    const answer = await send(server.port, {
      body: bodyWithVariables('{ hello }', { unused: deepFilter(50) }),
    });
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  });
});
