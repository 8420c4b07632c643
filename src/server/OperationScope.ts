import type { HttpRequest, RequestScope } from './types.js';

/**
 * What `contextValue(request, scope)` gets beside the request: `scope.signal` aborts when the
 * operation is given up — `timeoutMs` passed (reason: the 504 error) or the client went away
 * (reason: the adapter's error) — so resolvers that pass it on (fetch, database drivers) stop
 * work nobody will read. Sync resolvers cannot be interrupted; they can check `signal.aborted`.
 *
 * The AbortController is made on first access only: most requests never ask for it.
 */
export class OperationScope implements RequestScope {
  private controller: AbortController | undefined;

  constructor(private readonly request: HttpRequest) {}

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    const client = this.request.signal;
    if (client) {
      if (client.aborted) controller.abort(client.reason);
      else client.addEventListener('abort', () => controller.abort(client.reason), { once: true });
    }
    return controller.signal;
  }

  /** Gives up the operation: aborts `signal` if anyone holds it. */
  abort(reason: unknown): void {
    this.controller?.abort(reason);
  }
}
