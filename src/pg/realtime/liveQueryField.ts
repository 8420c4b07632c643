import type { GraphQLFieldConfig, GraphQLObjectType } from 'graphql';
import { SOURCE_VALUES } from '../schema/sourceValues.js';
import { eventSource } from './changeEventFields.js';
import type { LiveFeed } from './createLiveFeed.js';

/**
 * `Subscription.live: Query`: a live query. Its selection is any read of the Query type; the
 * first event is its result, each later one the result again whenever it changed after a write
 * to a table it reads (docs/realtime.md, "Live queries").
 */
export function liveQueryField(
  queryType: GraphQLObjectType,
  feed: LiveFeed,
): GraphQLFieldConfig<unknown, unknown> {
  return {
    type: queryType,
    description:
      'A live query: its result now, then again each time a write to a table it reads changed it.',
    extensions: { sluice: { source: eventSource } },
    subscribe: (_root, _args, contextValue, info) =>
      feed.subscribe(
        {
          schema: info.schema,
          fragments: info.fragments,
          fieldNodes: info.fieldNodes,
          variables: info.variableValues,
        },
        contextValue,
      ),
    // For plain graphql-js: the result's JSON is in response shape; the Query fields' fallback
    // resolvers take their values from it rather than querying again.
    resolve: (event) => {
      const failed = (event as { error?: unknown }).error;
      if (failed !== undefined) throw failed;
      const json = (event as { json?: string }).json;
      if (json === undefined) return null;
      const values = JSON.parse(json) as Record<string, unknown>;
      return { [SOURCE_VALUES]: new Map(Object.entries(values)) };
    },
  };
}
