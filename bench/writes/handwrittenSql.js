// The hand-written SQL of the practical-limit endpoint: ONE statement per request for every
// workload, the JSON of the answer built inside PostgreSQL and passed through as text.
//
// Writes are one CTE chain, one INSERT per level fed by unnest() of typed arrays WITH
// ORDINALITY. A row's business key is drawn (gen_random_uuid()) before its INSERT, so the rows
// RETURNING gives back are matched to their input rows by key, and each child finds its parent's
// generated id through its parent's ordinal: generated keys flow from level to level inside
// PostgreSQL, in one round trip whatever the batch size. The answer is read from what RETURNING
// gave: a statement does not see the rows its own data-modifying CTEs inserted.

/**
 * The JSON of a list of customer graphs (keys and order as the GraphQL selection), as one text
 * column `json`; each level reads from the relation named for it (a table or a CTE).
 */
function graphSql({ customers, order, relationships, contracts, transactions }) {
  return `SELECT coalesce(json_agg(c), '[]')::text AS json FROM (
  SELECT c.id, c.business_key AS "businessKey", c.name, c.status, (
    SELECT coalesce(json_agg(r), '[]') FROM (
      SELECT r.id, r.business_key AS "businessKey", r.name, r.opened_on AS "openedOn", r.status, (
        SELECT coalesce(json_agg(k), '[]') FROM (
          SELECT k.id, k.business_key AS "businessKey", k.product, k.amount::text AS amount,
                 k.opened_on AS "openedOn", k.status, (
            SELECT coalesce(json_agg(t), '[]') FROM (
              SELECT t.id, t.business_key AS "businessKey", t.amount::text AS amount,
                     t.booked_at AS "bookedAt", t.description
              FROM ${transactions} t WHERE t.contract_id = k.id ORDER BY t.id
            ) t
          ) AS transactions
          FROM ${contracts} k WHERE k.relationship_id = r.id ORDER BY k.id
        ) k
      ) AS contracts
      FROM ${relationships} r WHERE r.customer_id = c.id ORDER BY r.id
    ) r
  ) AS "bankingRelationships"
  FROM ${customers} c ORDER BY ${order}
) c`;
}

const TABLES = {
  relationships: 'banking_relationships',
  contracts: 'contracts',
  transactions: 'transactions',
};

/** Top-N read: $1 = N. */
export const READ_SQL = graphSql({
  ...TABLES,
  customers: '(SELECT * FROM customers ORDER BY id LIMIT $1)',
  order: 'c.id',
});

/**
 * One level of a create: its input rows (`<name>_in`, with a business key drawn for each), its
 * INSERT, and `<name>_out`: the inserted rows with their input ordinal `o`. A child level joins
 * its parent's `_out` on the parent's ordinal to get the parent's generated id.
 */
function insertLevel({ name, table, columns, parent }) {
  const inputs = [
    ...(parent ? [{ name: 'parent', param: parent.param, type: 'int' }] : []),
    ...columns,
  ];
  const unnest = inputs.map((c) => `$${c.param}::${c.type}[]`).join(', ');
  const aliases = inputs.map((c) => c.name).join(', ');
  const targets = [
    'business_key',
    ...(parent ? [parent.column] : []),
    ...columns.map((c) => c.name),
  ];
  const values = ['i.bk', ...(parent ? [`p.id`] : []), ...columns.map((c) => `i.${c.name}`)];
  const from = parent ? `${name}_in i JOIN ${parent.name}_out p ON p.o = i.parent` : `${name}_in i`;
  return `${name}_in AS (
  SELECT i.*, gen_random_uuid() AS bk FROM unnest(${unnest}) WITH ORDINALITY AS i(${aliases}, o)
), ${name}_ins AS (
  INSERT INTO ${table} (${targets.join(', ')})
  SELECT ${values.join(', ')} FROM ${from} ORDER BY i.o
  RETURNING *
), ${name}_out AS (
  SELECT i.o, x.* FROM ${name}_in i JOIN ${name}_ins x ON x.business_key = i.bk
)`;
}

/** The customers level of a create: $1 names (business keys and status left to their defaults). */
const CUSTOMERS_LEVEL = insertLevel({
  name: 'cu',
  table: 'customers',
  columns: [{ name: 'name', param: 1, type: 'text' }],
});

/** Flat create of customers alone ($1 names), answering their columns. */
export const CREATE_FLAT_SQL = `WITH ${CUSTOMERS_LEVEL}
SELECT coalesce(json_agg(c), '[]')::text AS json FROM (
  SELECT c.id, c.business_key AS "businessKey", c.name, c.status FROM cu_out c ORDER BY c.o
) c`;

/**
 * Whole-graph create. Parameters, one typed array per column and level; `parent` is the 1-based
 * position of the row's parent in the level above:
 * $1 customer names; $2 relationship parent, $3 name, $4 opened_on; $5 contract parent,
 * $6 product, $7 amount, $8 opened_on; $9 transaction parent, $10 amount, $11 booked_at,
 * $12 description.
 */
export const CREATE_SQL = `WITH ${[
  CUSTOMERS_LEVEL,
  insertLevel({
    name: 're',
    table: 'banking_relationships',
    parent: { name: 'cu', column: 'customer_id', param: 2 },
    columns: [
      { name: 'name', param: 3, type: 'text' },
      { name: 'opened_on', param: 4, type: 'date' },
    ],
  }),
  insertLevel({
    name: 'co',
    table: 'contracts',
    parent: { name: 're', column: 'relationship_id', param: 5 },
    columns: [
      { name: 'product', param: 6, type: 'text' },
      { name: 'amount', param: 7, type: 'numeric' },
      { name: 'opened_on', param: 8, type: 'date' },
    ],
  }),
  insertLevel({
    name: 'tr',
    table: 'transactions',
    parent: { name: 'co', column: 'contract_id', param: 9 },
    columns: [
      { name: 'amount', param: 10, type: 'numeric' },
      { name: 'booked_at', param: 11, type: 'timestamptz' },
      { name: 'description', param: 12, type: 'text' },
    ],
  }),
].join(',\n')}
${graphSql({ customers: 'cu_out', order: 'c.o', relationships: 're_out', contracts: 'co_out', transactions: 'tr_out' })}`;

/**
 * Upsert by business key, renaming only rows whose name differs, then each upserted customer
 * with its graph (children read from the tables: the statement's snapshot has them).
 * $1 business keys, $2 names. A row left unchanged is not returned (the workload always
 * changes the name of an existing customer).
 */
export const UPSERT_SQL = `WITH cu_in AS (
  SELECT * FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS i(business_key, name, o)
), cu_ins AS (
  INSERT INTO customers (business_key, name) SELECT business_key, name FROM cu_in ORDER BY o
  ON CONFLICT (business_key) DO UPDATE SET name = EXCLUDED.name
  WHERE customers.name IS DISTINCT FROM EXCLUDED.name
  RETURNING *
), cu_out AS (
  SELECT cu_in.o, cu_ins.* FROM cu_in JOIN cu_ins USING (business_key)
)
${graphSql({ ...TABLES, customers: 'cu_out', order: 'c.o' })}`;

/**
 * The graphs of the customers whose ids are $1 (int[]), in that order, as stored: what the
 * verifier compares every contender's write answer with.
 */
export const GRAPH_BY_IDS_SQL = graphSql({
  ...TABLES,
  customers:
    '(SELECT *, array_position($1::int[], id) AS o FROM customers WHERE id = ANY($1::int[]))',
  order: 'c.o',
});

/** The typed arrays of CREATE_SQL for the `input` list of a create (the workload's shape). */
export function createParameters(input) {
  const p = Array.from({ length: 12 }, () => []);
  let relationship = 0;
  let contract = 0;
  input.forEach((c, ci) => {
    p[0].push(c.name);
    for (const r of c.bankingRelationships ?? []) {
      relationship++;
      p[1].push(ci + 1);
      p[2].push(r.name);
      p[3].push(r.openedOn);
      for (const k of r.contracts ?? []) {
        contract++;
        p[4].push(relationship);
        p[5].push(k.product);
        p[6].push(k.amount);
        p[7].push(k.openedOn);
        for (const t of k.transactions ?? []) {
          p[8].push(contract);
          p[9].push(t.amount);
          p[10].push(t.bookedAt);
          p[11].push(t.description);
        }
      }
    }
  });
  return p;
}

/** The typed array of CREATE_FLAT_SQL for the `input` list of a flat create. */
export function createFlatParameters(input) {
  return [input.map((c) => c.name)];
}

/** The typed arrays of UPSERT_SQL for the `input` list of an upsert. */
export function upsertParameters(input) {
  return [input.map((c) => c.businessKey), input.map((c) => c.name)];
}
