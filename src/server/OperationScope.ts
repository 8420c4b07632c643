import type { HttpRequest, RequestScope } from './types.js';

/**
 * One operation's `signal`, given to `prepared.execute` and to `contextValue(request, scope)`: it
 * aborts when the operation is given up — `timeoutMs` passed (reason: the 504 error) or the client
 * went away (reason: the adapter's error) — so the engine and resolvers that pass it on (fetch,
 * database drivers) stop work nobody will read. Sync resolvers cannot be interrupted; they can
 * check `signal.aborted`.
 *
 * Nothing is made until needed: the AbortController on first access of `signal`, and the client's
 * own signal (an AbortController and a 'close' listener in the node adapter) only once the
 * operation turned asynchronous — a synchronous one ends before the client could be seen leaving.
 */
export class OperationScope implements RequestScope {
  private controller: AbortController | undefined;
  private waiting = false;
  private given: { readonly reason: unknown } | undefined;

  /** Null once the operation ended (end()). */
  private request: HttpRequest | null;

  constructor(
    request: HttpRequest,
    readonly requestId: string,
  ) {
    this.request = request;
  }

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    // Asked for after the operation was given up: the signal is aborted from the start.
    if (this.given) controller.abort(this.given.reason);
    else if (this.waiting) this.followClient(controller);
    return controller.signal;
  }

  /**
   * Whether the operation was given up (timed out, or its client left while it waited), without
   * making the signal.
   */
  get aborted(): boolean {
    if (this.given !== undefined) return true;
    if (this.controller !== undefined) return this.controller.signal.aborted;
    const request = this.request;
    if (!this.waiting || request === null) return false;
    return request.clientGone ?? request.signal?.aborted ?? false;
  }

  /** Over HTTP the request was checked when it ran, and ends within `timeoutMs`. */
  expireAt(): void {}

  /** The operation waits for a promise: from now on the client leaving aborts `signal`. */
  wait(): void {
    if (this.waiting) return;
    this.waiting = true;
    if (this.controller) this.followClient(this.controller);
  }

  /**
   * The operation ended: the scope lets go of the request, so that what still refers to the scope
   * or to its execution after the answer keeps a few small objects alive rather than the request's
   * socket state, headers and buffers. Before, on bench/pg's Q1 each request left about 6 KB that
   * young-generation collections copied and promoted to the old generation, and scavenges cost
   * the server 20 µs of CPU per request (docs/server.md, "The per-request path").
   */
  end(): void {
    this.request = null;
  }

  /** Gives up the operation: aborts `signal`, now or when it is first asked for. */
  abort(reason: unknown): void {
    this.given ??= { reason };
    this.controller?.abort(reason);
  }

  private followClient(controller: AbortController): void {
    const request = this.request;
    if (request === null) return;
    if (request.onClientGone) {
      request.onClientGone((reason) => controller.abort(reason));
      return;
    }
    const client = request.signal;
    if (!client) return;
    if (client.aborted) controller.abort(client.reason);
    else client.addEventListener('abort', () => controller.abort(client.reason), { once: true });
  }
}
