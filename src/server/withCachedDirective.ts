import { DirectiveLocation, GraphQLDirective, GraphQLInt, GraphQLSchema } from 'graphql';
import { CACHED_DIRECTIVE } from './cachePolicy.js';

/**
 * `directive @cached(ttl: Int) on QUERY`: a query operation asks the result cache to keep its
 * answer for `ttl` seconds (the cache's default TTL without it). Only a server with a result cache
 * reads it; elsewhere it changes nothing.
 */
export const cachedDirective = new GraphQLDirective({
  name: CACHED_DIRECTIVE,
  description:
    "Keep this query's answer in the server's result cache for `ttl` seconds (each scope apart).",
  locations: [DirectiveLocation.QUERY],
  args: { ttl: { type: GraphQLInt, description: "Seconds; the server's default when left out." } },
});

/** The schema with `@cached` declared (unchanged when it already declares a `@cached`). */
export function withCachedDirective(schema: GraphQLSchema): GraphQLSchema {
  if (schema.getDirective(CACHED_DIRECTIVE) !== undefined) return schema;
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, directives: [...config.directives, cachedDirective] });
}
