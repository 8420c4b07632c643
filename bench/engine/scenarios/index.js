/**
 * @typedef {object} Scenario
 * @property {string} key         one letter, as in bench/README.md: a, b, c, d
 * @property {string} title
 * @property {import('graphql').GraphQLSchema} schema
 * @property {string} query
 * @property {Record<string, unknown> | undefined} variables
 * @property {unknown} [rootValue]
 * @property {(rootValue: unknown, variables: Record<string, unknown> | undefined) => string} handWritten
 *   the same JSON text written by hand from the same data: the practical limit
 */

import { feed } from './feed.js';
import { list } from './list.js';
import { param } from './param.js';
import { wide } from './wide.js';

/** @type {Scenario[]} */
export const scenarios = [list, wide, feed, param];
