import type { GraphQLFieldConfig, GraphQLObjectType } from 'graphql';
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
    // For plain graphql-js: the result's JSON is in response shape.
    resolve: (event) => {
      const json = (event as { json?: string }).json;
      return json === undefined ? null : (JSON.parse(json) as unknown);
    },
  };
}
