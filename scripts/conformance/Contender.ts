import type { ExecutionArgs, ExecutionResult } from 'graphql';
import {
  createEngine,
  createExecutor,
  execute,
  executeJSON,
  type Engine,
  type EngineOptions,
  type ExecutionOptions,
  type PromiseOrValue,
} from '../../src/engine/index.js';

/**
 * The engine under test, as the runner sees it: Sluice's three entry points. The runner takes it
 * as a parameter so its own tests can hand it a deliberately wrong engine and watch it get caught.
 */
export interface Contender {
  execute(args: ExecutionArgs): PromiseOrValue<ExecutionResult>;
  executeJSON(args: ExecutionArgs): PromiseOrValue<string>;
  createEngine(options: EngineOptions): Engine;
}

/** Sluice itself, imported from source (`src/engine/index.ts`). */
export const sluice: Contender = { execute, executeJSON, createEngine };

/** Sluice with `execution` options, for all three entry points. */
export function sluiceWith(execution: ExecutionOptions): Contender {
  const executor = createExecutor(execution);
  return {
    execute: executor.execute,
    executeJSON: executor.executeJSON,
    createEngine: (options) => createEngine({ ...options, execution }),
  };
}
