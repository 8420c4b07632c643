import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createEngine, makeSchema } from '../engine/index.js';
import { createHandler } from './createHandler.js';
import type { HttpRequest, RequestScope } from './types.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const schema = makeSchema({
  typeDefs: 'type Query { later: String }',
  resolvers: { Query: { later: () => new Promise((resolve) => setTimeout(resolve, 1, 'done')) } },
});

/** A full collection, after the current job (a WeakRef's target is kept until it ends). */
async function collect(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}

describe('OperationScope', () => {
  it('lets go of the request once an asynchronous operation is answered', async () => {
    const scopes: RequestScope[] = [];
    const handle = createHandler({
      engine: createEngine({ schema }),
      // Keeps every scope, as an application's context or a driver's record of its last
      // statement might: the request must not be kept with it.
      contextValue: (_request, scope) => {
        scopes.push(scope);
        return {};
      },
    });
    let request: HttpRequest | undefined = {
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: '{ later }' }),
    };
    const requestRef = new WeakRef(request);
    const response = await handle(request);
    request = undefined;
    expect(response.status).toBe(200);
    expect(String(response.body)).toBe('{"data":{"later":"done"}}');
    expect(scopes).toHaveLength(1);
    await collect();
    expect(requestRef.deref()).toBeUndefined();
    // The ended scope still answers.
    expect(scopes[0]!.signal.aborted).toBe(false);
  });
});
