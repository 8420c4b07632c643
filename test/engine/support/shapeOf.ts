import { GraphQLError } from 'graphql';

/**
 * A plain, comparable description of a value: every object becomes the ordered list of its own
 * keys, so comparing two shapes with `toEqual` also compares key order, `undefined`-valued keys,
 * Dates, class instances and errors (which `toEqual` and `JSON.stringify` would blur).
 *
 * Objects with a null prototype (graphql-js's result objects) and plain `{}` objects have the
 * same shape on purpose: no JSON reader or `toEqual` can tell them apart.
 */
export type Shape =
  | { readonly t: 'undefined' | 'null' | 'function' | 'symbol' | 'circular' }
  | { readonly t: 'boolean' | 'string'; readonly v: boolean | string }
  | { readonly t: 'number' | 'bigint'; readonly v: string }
  | { readonly t: 'array'; readonly items: readonly Shape[] }
  | { readonly t: 'Date'; readonly v: string }
  | { readonly t: 'object'; readonly ctor: string; readonly entries: readonly [string, Shape][] }
  | ErrorShape;

export interface ErrorShape {
  readonly t: 'GraphQLError' | 'Error';
  readonly ctor: string;
  readonly name: string;
  readonly message: string;
  readonly locations?: Shape;
  readonly path?: Shape;
  readonly extensions?: Shape;
  readonly originalError?: Shape;
  /** Own enumerable properties of a non-GraphQL error (a custom `code`, `thrownValue`…). */
  readonly entries?: readonly [string, Shape][];
}

/** `seen` holds the objects on the current path (to cut cycles); shared values may repeat. */
export function shapeOf(value: unknown, seen: Set<object> = new Set()): Shape {
  if (value === undefined) return { t: 'undefined' };
  if (value === null) return { t: 'null' };
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return { t: typeof value as 'boolean' | 'string', v: value as boolean | string };
    case 'number':
      // Object.is tells -0 from 0 and keeps NaN visible.
      return { t: 'number', v: Object.is(value, -0) ? '-0' : String(value) };
    case 'bigint':
      return { t: 'bigint', v: String(value) };
    case 'function':
      return { t: 'function' };
    case 'symbol':
      return { t: 'symbol' };
    default:
      break;
  }
  const object = value as object;
  if (seen.has(object)) return { t: 'circular' };
  seen.add(object);
  try {
    return objectShape(object, seen);
  } finally {
    seen.delete(object);
  }
}

function objectShape(object: object, inner: Set<object>): Shape {
  if (object instanceof GraphQLError) return graphQLErrorShape(object, inner);
  if (object instanceof Error) return errorShape(object, inner);
  if (Array.isArray(object))
    return { t: 'array', items: object.map((item) => shapeOf(item, inner)) };
  if (object instanceof Date) {
    return { t: 'Date', v: Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString() };
  }
  return { t: 'object', ctor: constructorName(object), entries: entriesOf(object, inner) };
}

function constructorName(object: object): string {
  const proto: unknown = Object.getPrototypeOf(object);
  // graphql-js's result objects have no prototype: a drop-in must keep that (it decides what
  // `result.data.hasOwnProperty`, `toString` or a `__proto__` key are), so it is compared too.
  if (proto === null) return 'null prototype';
  if (proto === Object.prototype) return 'Object';
  return (proto as { constructor?: { name?: string } }).constructor?.name ?? '?';
}

function entriesOf(object: object, seen: Set<object>): [string, Shape][] {
  return Object.keys(object).map((key): [string, Shape] => [
    key,
    shapeOf((object as Record<string, unknown>)[key], seen),
  ]);
}

function errorShape(error: Error, seen: Set<object>): ErrorShape {
  return {
    t: 'Error',
    ctor: constructorName(error),
    name: error.name,
    message: error.message,
    entries: entriesOf(error, seen),
  };
}

/** What a client or a `formatError` hook can observe of a GraphQLError. */
function graphQLErrorShape(error: GraphQLError, seen: Set<object>): ErrorShape {
  const original = error.originalError;
  return {
    t: 'GraphQLError',
    ctor: constructorName(error),
    name: error.name,
    message: error.message,
    locations: shapeOf(error.locations, seen),
    path: shapeOf(error.path, seen),
    extensions: shapeOf(error.extensions, seen),
    ...(original === undefined
      ? {}
      : {
          // The error a resolver threw (or graphql-js's own inner error): hooks such as Apollo's
          // formatError look at its class and properties. Its own locations/path are not compared.
          originalError:
            original instanceof GraphQLError
              ? {
                  t: 'GraphQLError',
                  ctor: constructorName(original),
                  name: original.name,
                  message: original.message,
                  extensions: shapeOf(original.extensions, seen),
                }
              : errorShape(original, seen),
        }),
  };
}
