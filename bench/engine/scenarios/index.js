/**
 * @typedef {object} Scenario
 * @property {string} key         as in bench/README.md: a letter (a … e), or a series member
 *                                (list-1K, wide-100x10)
 * @property {string} title
 * @property {import('graphql').GraphQLSchema} schema
 * @property {string} query
 * @property {Record<string, unknown> | undefined} variables
 * @property {unknown} [rootValue]
 * @property {(rootValue: unknown, variables: Record<string, unknown> | undefined) => string} handWritten
 *   the same JSON text written by hand from the same data: the practical limit
 */

import { compound } from './compound.js';
import { feed } from './feed.js';
import { list, listSeries } from './list.js';
import { param } from './param.js';
import { wide, wideSeries } from './wide.js';

/** @type {Scenario[]} */
export const scenarios = [list, wide, feed, param, compound, ...listSeries, ...wideSeries];
