// (b) 10 objects x 100 scalar fields: per-field overhead on wide objects dominates.
import { executableSchema } from '../executableSchema.js';

const FIELDS = 100;
const kinds = /** @type {const} */ (['Int', 'String', 'Float', 'Boolean']);
const kindOf = (/** @type {number} */ j) => /** @type {(typeof kinds)[number]} */ (kinds[j % 4]);
const names = Array.from({ length: FIELDS }, (_, j) => `f${j}`);

const typeDefs = /* GraphQL */ `
  type Query {
    rows: [Row!]!
  }
  type Row {
    ${names.map((name, j) => `${name}: ${kindOf(j)}!`).join('\n    ')}
  }
`;

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

/** @type {Record<string, unknown>[]} */
const rows = Array.from({ length: 10 }, (_, i) =>
  Object.fromEntries(names.map((name, j) => [name, value(i, j)])),
);

/** @type {import('./index.js').Scenario} */
export const wide = {
  key: 'b',
  title: '10 objects x 100 scalar fields',
  schema: executableSchema(typeDefs, { Query: { rows: () => rows } }),
  query: `{ rows { ${names.join(' ')} } }`,
  variables: undefined,
  handWritten() {
    let out = '{"data":{"rows":[';
    for (let i = 0; i < rows.length; i++) {
      const row = /** @type {Record<string, unknown>} */ (rows[i]);
      out += i > 0 ? ',{' : '{';
      for (let j = 0; j < FIELDS; j++) {
        const name = /** @type {string} */ (names[j]);
        const v = row[name];
        out += `${j > 0 ? ',' : ''}"${name}":${typeof v === 'string' ? JSON.stringify(v) : String(v)}`;
      }
      out += '}';
    }
    return `${out}]}}`;
  },
};
