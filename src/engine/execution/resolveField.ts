import type { GraphQLResolveInfo } from 'graphql';
import { argumentsFor, type FieldPlan } from '../plan/FieldPlan.js';
import { fieldError, type Completer } from './completion.js';
import { buildResolveInfo, sourceRunFor, type ExecutionContext } from './ExecutionContext.js';
import { UNREAD } from './Handover.js';
import { addPath, type Path } from './Path.js';
import { isJSONNull } from './splicedJSON.js';

/**
 * ExecuteField's first half, shared by both emitters: ResolveFieldValue
 * ([spec](https://spec.graphql.org/October2021/#ResolveFieldValue())) for a field that is not
 * `typename` or `source` — its own resolver, the execution's field resolver, or graphql-js's
 * defaultFieldResolver inline.
 *
 * `info`: the resolve info the caller made when the field has a resolver or its completion
 * needs it (resolver and completion get the same object, as in graphql-js); otherwise one is
 * made here only to call a method, at `path` (or a path made from `parentPath`: the byte path
 * makes a leaf's path only when something needs it). `read`: what the default resolver's
 * property read already gave (UNREAD: nothing read yet): graphql-js reads the property once,
 * and again only to call a method.
 */
export function resolveField(
  ctx: ExecutionContext,
  field: FieldPlan,
  source: unknown,
  parentPath: Path | undefined,
  path: Path | undefined,
  info: GraphQLResolveInfo | undefined,
  read: unknown,
): unknown {
  const resolve = field.resolve ?? ctx.fieldResolver;
  if (resolve !== undefined) {
    const args = argumentsFor(field, ctx.variableValues);
    return resolve(source, args, ctx.contextValue, info ?? infoAt(ctx, field, parentPath, path));
  }
  // Arguments are still coerced first, since coercion errors are raised even when nothing uses
  // the arguments.
  const args = field.staticArgs === undefined ? argumentsFor(field, ctx.variableValues) : undefined;
  if (source === null || (typeof source !== 'object' && typeof source !== 'function')) {
    return undefined;
  }
  const property = read !== UNREAD ? read : (source as Record<string, unknown>)[field.fieldName];
  if (typeof property !== 'function') return property;
  return (source as Record<string, (...a: unknown[]) => unknown>)[field.fieldName]!(
    args ?? argumentsFor(field, ctx.variableValues),
    ctx.contextValue,
    info ?? infoAt(ctx, field, parentPath, path),
  );
}

function infoAt(
  ctx: ExecutionContext,
  field: FieldPlan,
  parentPath: Path | undefined,
  path: Path | undefined,
): GraphQLResolveInfo {
  return buildResolveInfo(
    ctx,
    field,
    path ?? addPath(parentPath, field.responseKey, field.parentType.name),
  );
}

/**
 * A root field answered by a data source, for either emitter: the statement runs once for all
 * its fields (sourceRunFor); a `json` answer becomes the emitter's value through `fromJSON` (the
 * byte path splices the text in as is), a `value` answer is completed as any resolved value, an
 * `error` answer is this field's error alone.
 */
export function runSourceField<T>(
  ctx: ExecutionContext,
  field: FieldPlan & { readonly kind: 'source' },
  path: Path,
  complete: Completer<T>,
  fromJSON: (ctx: ExecutionContext, json: string | Uint8Array) => T,
  nullValue: T,
): Promise<T> {
  const { group, index } = field.source;
  const info = field.needsInfo ? buildResolveInfo(ctx, field, path) : undefined;
  return sourceRunFor(ctx, group)
    .then((results) => {
      const entry = results[index];
      if (entry === undefined)
        throw new Error(`Data source returned no result for "${field.responseKey}".`);
      if (entry.kind === 'error') throw entry.error;
      if (entry.kind === 'json') {
        return isJSONNull(entry.json)
          ? complete(ctx, info, path, null, field.responseKey)
          : fromJSON(ctx, entry.json);
      }
      return complete(ctx, info, path, entry.value, field.responseKey);
    })
    .then(undefined, (rawError) =>
      fieldError(ctx, rawError, field, path, field.nonNull, nullValue),
    );
}

/** What readProperty gives when the property's getter threw; the error is in ctx.readError. */
export const READ_FAILED: unique symbol = Symbol('read failed');

/**
 * `source[name]`, as graphql-js's default resolver reads it inside executeField: a getter that
 * throws makes a field error, not an error of the object being written.
 */
export function readProperty(ctx: ExecutionContext, source: object, name: string): unknown {
  try {
    return (source as Record<string, unknown>)[name];
  } catch (error) {
    ctx.readError = error;
    return READ_FAILED;
  }
}
