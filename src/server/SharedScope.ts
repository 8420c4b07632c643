import type { OperationScope } from './OperationScope.js';

/**
 * The `signal` of one execution that several requests wait for (the result cache's single
 * flight): it aborts only once every one of them has been given up (timed out, or its client
 * left), so one client leaving never fails the others. Like OperationScope, nothing is made until
 * the engine asks for the signal, which it does only for a statement that must wait or runs long.
 */
export class SharedScope {
  readonly #first: OperationScope;
  /** The requests that joined the first; made when one does (most executions have none). */
  #others: OperationScope[] | undefined;
  #controller: AbortController | undefined;
  #left = 0;

  constructor(first: OperationScope) {
    this.#first = first;
  }

  /** Another request waits for the execution. */
  add(scope: OperationScope): void {
    (this.#others ??= []).push(scope);
    if (this.#controller) this.#follow(scope, this.#controller);
  }

  /** Whether every waiting request was given up, asked without making any signal. */
  get aborted(): boolean {
    if (this.#controller) return this.#controller.signal.aborted;
    return this.#first.aborted && (this.#others?.every((scope) => scope.aborted) ?? true);
  }

  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = (this.#controller = new AbortController());
    this.#follow(this.#first, controller);
    if (this.#others) for (const scope of this.#others) this.#follow(scope, controller);
    return controller.signal;
  }

  #follow(scope: OperationScope, controller: AbortController): void {
    const signal = scope.signal;
    const leave = () => {
      if (++this.#left === 1 + (this.#others?.length ?? 0)) controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }
}
