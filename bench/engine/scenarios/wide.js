// (b) 10 objects x 100 scalar fields: per-field overhead on wide objects dominates; and the
// WideQuery series, 1 to 1,000 objects of 1 or 10 fields.
import { executableSchema } from '../executableSchema.js';

const kinds = /** @type {const} */ (['Int', 'String', 'Float', 'Boolean']);
const kindOf = (/** @type {number} */ j) => /** @type {(typeof kinds)[number]} */ (kinds[j % 4]);

/** @param {number} i @param {number} j */
function value(i, j) {
  switch (kindOf(j)) {
    case 'Int':
      return i * 1000 + j;
    case 'String':
      return `row ${i} column ${j}`;
    case 'Float':
      return i + j / 8;
    case 'Boolean':
      return (i + j) % 2 === 0;
  }
}

/**
 * `objects` rows of `fields` scalar fields, all selected.
 * @param {number} objects
 * @param {number} fields
 * @param {string} key
 * @param {string} title
 * @returns {import('./index.js').Scenario}
 */
export function wideOf(objects, fields, key, title) {
  const names = Array.from({ length: fields }, (_, j) => `f${j}`);
  const typeDefs = /* GraphQL */ `
    type Query {
      rows: [Row!]!
    }
    type Row {
      ${names.map((name, j) => `${name}: ${kindOf(j)}!`).join('\n      ')}
    }
  `;
  /** @type {Record<string, unknown>[]} */
  const rows = Array.from({ length: objects }, (_, i) =>
    Object.fromEntries(names.map((name, j) => [name, value(i, j)])),
  );
  return {
    key,
    title,
    schema: executableSchema(typeDefs, { Query: { rows: () => rows } }),
    query: `{ rows { ${names.join(' ')} } }`,
    variables: undefined,
    handWritten() {
      let out = '{"data":{"rows":[';
      for (let i = 0; i < rows.length; i++) {
        const row = /** @type {Record<string, unknown>} */ (rows[i]);
        out += i > 0 ? ',{' : '{';
        for (let j = 0; j < fields; j++) {
          const name = /** @type {string} */ (names[j]);
          const v = row[name];
          out += `${j > 0 ? ',' : ''}"${name}":${typeof v === 'string' ? JSON.stringify(v) : String(v)}`;
        }
        out += '}';
      }
      return `${out}]}}`;
    },
  };
}

/** @type {import('./index.js').Scenario} */
export const wide = wideOf(10, 100, 'b', '10 objects x 100 scalar fields');

/** WideQuery: 1 … 1,000 objects x 1 or 10 fields. */
export const wideSeries = [1, 10, 100, 1000].flatMap((objects) =>
  [1, 10].map((fields) =>
    wideOf(
      objects,
      fields,
      `wide-${objects}x${fields}`,
      `WideQuery, ${objects.toLocaleString('en-US')} objects x ${fields} field${fields > 1 ? 's' : ''}`,
    ),
  ),
);
