/**
 * The executors' switches, given per engine (`createEngine({ execution })`, `createExecutor`)
 * rather than kept in module state: a plan may be run by executors with different settings, and
 * each execution reads them from its context.
 */
export interface ExecutionOptions {
  /**
   * Whether selections get generated code (execution/generateSelection.ts). Default: on where
   * `new Function` works and the environment does not set `SLUICE_CODEGEN=off`. Asking for it
   * where `new Function` is refused (CSP) leaves it off: the interpreter gives the same results.
   */
  readonly codegen?: boolean | undefined;
  /**
   * Objects a selection is run for through the interpreter before it gets generated code.
   * Default 256; tests use 1, so that every case runs through generated code.
   */
  readonly codegenAfter?: number | undefined;
  /** When the byte path writes a list of objects as objects (see ObjectListPolicy). */
  readonly objectLists?: Partial<ObjectListPolicy> | undefined;
}

/**
 * When a list of objects is written as objects: when the last time it was written as text (with
 * `minItems` items or more), its items held `minEscapedCharsPerItem` characters or more of
 * strings that needed escaping (quotes, backslashes, newlines), each written by its own
 * JSON.stringify. Then one JSON.stringify of the whole list, built by the object executor (with
 * its generated builders, and objects with Object.prototype: see ExecutionContext.plainObjects),
 * is faster; with fewer, building the objects costs more than it saves (the measurements are in
 * the engine README, "How it works", 7). Every `recheckEvery`-th list is written as text again,
 * to see whether its data still is that way. The results are the same either way
 * (JSON.stringify of what execute builds is what executeJSON writes); tests set both thresholds
 * to 0 and 1 to run every list both ways.
 */
export interface ObjectListPolicy {
  readonly minEscapedCharsPerItem: number;
  readonly minItems: number;
  readonly recheckEvery: number;
}

/** ExecutionOptions with every default filled in, as executions read them. */
export interface ExecutionSettings {
  readonly codegen: boolean;
  readonly codegenAfter: number;
  readonly objectLists: ObjectListPolicy;
}

/** Whether this runtime allows `new Function` and the environment does not turn it off. */
const canGenerate = ((): boolean => {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  if (env?.['SLUICE_CODEGEN'] === 'off') return false;
  try {
    // eslint-disable-next-line no-new-func -- the probe for runtimes that forbid it (CSP)
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
})();

export const DEFAULT_SETTINGS: ExecutionSettings = Object.freeze({
  codegen: canGenerate,
  codegenAfter: 256,
  objectLists: Object.freeze({ minEscapedCharsPerItem: 100, minItems: 8, recheckEvery: 256 }),
});

export function settingsOf(options: ExecutionOptions | undefined): ExecutionSettings {
  if (options === undefined) return DEFAULT_SETTINGS;
  const after = options.codegenAfter ?? DEFAULT_SETTINGS.codegenAfter;
  if (!Number.isSafeInteger(after) || after < 1) {
    throw new RangeError(`codegenAfter must be a positive integer, got ${String(after)}`);
  }
  return Object.freeze({
    codegen: canGenerate && (options.codegen ?? true),
    codegenAfter: after,
    objectLists: Object.freeze({ ...DEFAULT_SETTINGS.objectLists, ...options.objectLists }),
  });
}
