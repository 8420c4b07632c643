import type { GraphQLSchema } from 'graphql';
import type { Logger } from '../server/index.js';
import { describeSchemaChanges } from './describeSchemaChanges.js';

/**
 * What SIGHUP and `--watch` run: builds the schema again and, when it differs from the one
 * served, hands it to `serve` (a new engine: stale plans go with the old one) and logs what
 * changed. One reload at a time; a request for another while one runs makes one more run after
 * it (changes that land meanwhile are not missed, and a burst of DDL costs two reflections, not
 * one per statement). A reload that fails is logged and the previous schema stays.
 */
export function createSchemaReloader(
  initial: GraphQLSchema,
  reload: () => Promise<GraphQLSchema>,
  serve: (schema: GraphQLSchema) => void,
  logger: Logger,
): (why: string) => void {
  let current = initial;
  let running = false;
  let pending: string | undefined;

  const run = async (why: string) => {
    running = true;
    try {
      const startedAt = performance.now();
      const schema = await reload();
      const changes = describeSchemaChanges(current, schema);
      if (changes.length === 0) {
        logger.debug('schema reloaded: unchanged', { why });
      } else {
        serve(schema);
        current = schema;
        logger.info('schema reloaded', {
          why,
          changes,
          ms: Math.round(performance.now() - startedAt),
        });
      }
    } catch (error) {
      logger.error('schema reload failed; serving the previous schema', {
        why,
        message: (error as Error).message,
      });
    } finally {
      running = false;
    }
    const next = pending;
    pending = undefined;
    if (next !== undefined) void run(next);
  };

  return (why) => {
    if (running) pending = why;
    else void run(why);
  };
}
