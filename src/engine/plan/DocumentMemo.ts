/**
 * What is remembered for a document object (its plans), kept on the document itself under a
 * module-private symbol: a non-enumerable, read-only own property, so `Object.keys`, `JSON.stringify`,
 * spreads, `Object.assign` and deep-equality checks (which compare enumerable keys) do not see it.
 *
 * Not a `WeakMap` keyed by documents: on the cold path (a new document per request) every
 * document is garbage a few microseconds later, and V8's scavenger does not free a `WeakMap`
 * entry whose key is young; the entry, its document and everything it holds are promoted and
 * wait for a full collection. On the benchmark's compound operation that was about 40% of a cold
 * request's CPU time. A document that cannot take a property (frozen, sealed, a proxy that
 * refuses it) falls back to a `WeakMap`.
 */
export class DocumentMemo<T> {
  readonly #key: symbol;
  readonly #fallback = new WeakMap<object, Held<T>>();

  constructor(description: string) {
    this.#key = Symbol(description);
  }

  get(document: object): T | undefined {
    const held = (document as Record<symbol, Held<T> | undefined>)[this.#key];
    // An own property only: a document made with Object.create(another) inherits the other's.
    if (held !== undefined && held.owner === document) return held.value;
    return this.#fallback.get(document)?.value;
  }

  set(document: object, value: T): void {
    const held: Held<T> = { owner: document, value };
    try {
      if (Object.isExtensible(document)) {
        Object.defineProperty(document, this.#key, { value: held });
        return;
      }
    } catch {
      // a proxy refusing the property: remembered beside it instead
    }
    this.#fallback.set(document, held);
  }
}

interface Held<T> {
  readonly owner: object;
  readonly value: T;
}
