/**
 * A root value may carry results a source already computed, by response key: the fallback
 * resolvers use them instead of querying again (lets an executor run the one statement itself and
 * still complete `value` results through graphql-js; a live query's event carries its result so).
 */
export const SOURCE_VALUES: unique symbol = Symbol.for('sluice.pg.sourceValues');
