/** graphql-js's response path: a linked list from a field back to the root (same shape). */
export interface Path {
  readonly prev: Path | undefined;
  readonly key: string | number;
  readonly typename: string | undefined;
}

export function addPath(
  prev: Path | undefined,
  key: string | number,
  typename: string | undefined,
): Path {
  return { prev, key, typename };
}

/**
 * An object's own path, from how executors pass it: a list's path and the item's index, or (with
 * index -1) the object's path itself. Made only when something needs it.
 */
export function ownPath(path: Path | undefined, index: number): Path | undefined {
  return index < 0 ? path : addPath(path, index, undefined);
}

export function pathToArray(path: Path | undefined): Array<string | number> {
  const flattened: Array<string | number> = [];
  for (let current = path; current; current = current.prev) flattened.push(current.key);
  return flattened.reverse();
}

/**
 * A string naming a response position. Response keys are GraphQL names, which never start with a
 * digit, so "a.0.b" is unambiguous.
 */
export function pathKey(path: Path | undefined): string {
  return path === undefined ? '' : pathToArray(path).join('.');
}
