// The CoffeeBeanery data set: customers → banking_relationships → contracts → transactions, each
// with an integer identity key and a UUID business key. 1,000 customers, each with 4 banking
// relationships, each with 3 contracts, each with 4 transactions (48 per customer).
//
// The rows are a pure function of their number (no random(), no now()), so every reset gives the
// same data. The business keys of the fixture follow one pattern,
//   <table number, 8 hex digits>-0000-4000-8000-<row id, 12 hex digits>,
// which the load scripts use to name existing customers (load.lua) and the verifier uses to tell
// fixture keys from keys PostgreSQL generated (verify.js). Keys the load sends for new rows use
// `-9000-` in that place, so neither kind can collide with the other.

export const CUSTOMERS = 1000;
export const PER_PARENT = Object.freeze({ relationships: 4, contracts: 3, transactions: 4 });

/** The four tables, parents first: the order of the levels of every graph. */
export const TABLES = Object.freeze([
  { table: 'customers', number: 1, rows: CUSTOMERS },
  { table: 'banking_relationships', number: 2, rows: CUSTOMERS * 4 },
  { table: 'contracts', number: 3, rows: CUSTOMERS * 4 * 3 },
  { table: 'transactions', number: 4, rows: CUSTOMERS * 4 * 3 * 4 },
]);

/** SQL of the business key of fixture row `idSql` of table number `n` (see the header). */
const fixtureKey = (n, idSql) =>
  `('0000000${n}-0000-4000-8000-' || lpad(to_hex(${idSql}), 12, '0'))::uuid`;

/** DROP + CREATE of the four tables (run once per benchmark run). */
export function schemaSql() {
  const key = 'business_key uuid NOT NULL UNIQUE DEFAULT gen_random_uuid()';
  return [
    'DROP TABLE IF EXISTS transactions, contracts, banking_relationships, customers',
    `CREATE TABLE customers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ${key},
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active'
)`,
    `CREATE TABLE banking_relationships (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ${key},
  customer_id integer NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  opened_on date NOT NULL,
  status text NOT NULL DEFAULT 'open'
)`,
    `CREATE TABLE contracts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ${key},
  relationship_id integer NOT NULL REFERENCES banking_relationships (id),
  product text NOT NULL,
  amount numeric(14,2) NOT NULL,
  opened_on date NOT NULL,
  status text NOT NULL DEFAULT 'active'
)`,
    `CREATE TABLE transactions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ${key},
  contract_id integer NOT NULL REFERENCES contracts (id),
  amount numeric(14,2) NOT NULL,
  booked_at timestamptz NOT NULL,
  description text NOT NULL
)`,
    // PostgreSQL does not index the referencing side of a foreign key by itself.
    'CREATE INDEX banking_relationships_customer_id_idx ON banking_relationships (customer_id)',
    'CREATE INDEX contracts_relationship_id_idx ON contracts (relationship_id)',
    'CREATE INDEX transactions_contract_id_idx ON transactions (contract_id)',
  ];
}

/**
 * Empties the tables (identities restarted) and fills them again: run before every measured
 * write run, so the tables never grow without bound and every run starts from the same rows.
 * Rows of one parent are interleaved (child i belongs to parent ((i - 1) % parents) + 1), as in
 * tables filled over time. Values include a quote, a backslash and non-ASCII text, so the
 * comparison of the contenders' answers checks their JSON escaping too.
 */
export function resetSql() {
  const [c, r, k, t] = TABLES.map((x) => x.rows);
  const epoch = "timestamptz '2024-01-01 00:00:00+00'";
  return [
    'TRUNCATE transactions, contracts, banking_relationships, customers RESTART IDENTITY',
    `INSERT INTO customers (id, business_key, name, status) OVERRIDING SYSTEM VALUE
SELECT i, ${fixtureKey(1, 'i')},
       CASE WHEN i % 17 = 0 THEN 'Café "Ørsted" \\ ' || i ELSE 'Customer ' || i END,
       CASE WHEN i % 10 = 0 THEN 'dormant' ELSE 'active' END
FROM generate_series(1, ${c}) AS i`,
    `INSERT INTO banking_relationships (id, business_key, customer_id, name, opened_on, status)
OVERRIDING SYSTEM VALUE
SELECT i, ${fixtureKey(2, 'i')}, (i - 1) % ${c} + 1,
       (ARRAY['Retail', 'Savings', 'Mortgage', 'Wealth'])[1 + (i - 1) / ${c} % 4] || ' banking',
       date '2015-01-01' + (i % 3000), CASE WHEN i % 23 = 0 THEN 'closed' ELSE 'open' END
FROM generate_series(1, ${r}) AS i`,
    `INSERT INTO contracts (id, business_key, relationship_id, product, amount, opened_on, status)
OVERRIDING SYSTEM VALUE
SELECT i, ${fixtureKey(3, 'i')}, (i - 1) % ${r} + 1,
       (ARRAY['Current account', 'Credit card', 'Loan'])[1 + (i - 1) / ${r} % 3],
       ((i::bigint * 7919) % 1000000) / 100.0, date '2016-01-01' + (i % 2500), 'active'
FROM generate_series(1, ${k}) AS i`,
    `INSERT INTO transactions (id, business_key, contract_id, amount, booked_at, description)
OVERRIDING SYSTEM VALUE
SELECT i, ${fixtureKey(4, 'i')}, (i - 1) % ${k} + 1,
       ((i::bigint * 104729) % 2000000 - 1000000) / 100.0, ${epoch} + i * interval '97 seconds',
       CASE WHEN i % 13 = 0 THEN E'Card payment\\nnaïve "quote"' ELSE 'Transfer ' || i END
FROM generate_series(1, ${t}) AS i`,
    // Identities continue after the fixture's ids (the inserts gave them explicitly).
    ...TABLES.map(
      ({ table }) =>
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
    ),
    `VACUUM (ANALYZE) ${TABLES.map((x) => x.table).join(', ')}`,
  ];
}

/** Row counts of the fixture, in TABLES order, as SQL returning one row `{ counts: int[] }`. */
export const COUNTS_SQL = `SELECT ARRAY[${TABLES.map((x) => `(SELECT count(*) FROM ${x.table})::int`).join(', ')}] AS counts`;
