/** A connection page as the keyset walks read it: the ids of its nodes and its pageInfo. */
export interface KeysetPage {
  readonly nodes: ReadonlyArray<{ readonly id: number }>;
  readonly pageInfo: {
    readonly hasNextPage: boolean;
    readonly hasPreviousPage?: boolean;
    readonly startCursor?: string | null;
    readonly endCursor: string | null;
  };
}

/**
 * Pages through a connection by cursor and collects the ids in the list's order: forward with
 * `{ first: size, after }` from the first page until `hasNextPage` is false, or backward with
 * `{ last: size, before }` from the last page until `hasPreviousPage` is false. `fetch` runs the
 * connection with those variables; a walk that is still going after `maxPages` pages stops there
 * (the caller's comparison then fails).
 */
export async function keysetWalk(
  fetch: (variables: Record<string, unknown>) => Promise<KeysetPage>,
  direction: 'forward' | 'backward',
  size: number,
  maxPages = 100,
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    if (direction === 'forward') {
      const c = await fetch({ first: size, after: cursor });
      ids.push(...c.nodes.map((n) => n.id));
      if (!c.pageInfo.hasNextPage) break;
      cursor = c.pageInfo.endCursor;
    } else {
      const c = await fetch({ last: size, before: cursor });
      ids.unshift(...c.nodes.map((n) => n.id));
      if (!c.pageInfo.hasPreviousPage) break;
      cursor = c.pageInfo.startCursor ?? null;
    }
  }
  return ids;
}
