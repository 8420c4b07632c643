// The GraphQL documents of the workloads, as each dialect spells them. Every contender that
// answers a workload must return the same JSON: root key, keys in the same order, same values
// (verify.js compares them before any load). Order is by primary key at every level (the default
// order of Sluice's reflection) and, for mutations, the order of the input list.
//
// canonical: the names of Sluice's reflected schema, which the hand-written endpoint and the
// per-row server implement too (`Customer.bankingRelationships`, `createCustomers(input:,
// onConflict:)`). postgraphile: PostGraphile 5's own names, aliased back to the same shape; it
// has no nested create and no upsert, so it has no document for those two workloads, and it
// creates a batch as one aliased `createCustomer` root field per row (create-flat).

const TRANSACTION = 'id businessKey amount bookedAt description';
const CONTRACT = `id businessKey product amount openedOn status transactions { ${TRANSACTION} }`;
const RELATIONSHIP = `id businessKey name openedOn status contracts { ${CONTRACT} }`;
const CUSTOMER = `id businessKey name status bankingRelationships { ${RELATIONSHIP} }`;

const PGL_ORDER = '(orderBy: PRIMARY_KEY_ASC)';
const PGL_TRANSACTION = 'id: rowId businessKey amount bookedAt description';
const PGL_CONTRACT = `id: rowId businessKey product amount openedOn status transactions: transactionsByContractIdList${PGL_ORDER} { ${PGL_TRANSACTION} }`;
const PGL_RELATIONSHIP = `id: rowId businessKey name openedOn status contracts: contractsByRelationshipIdList${PGL_ORDER} { ${PGL_CONTRACT} }`;
const PGL_CUSTOMER = `id: rowId businessKey name status bankingRelationships: bankingRelationshipsByCustomerIdList${PGL_ORDER} { ${PGL_RELATIONSHIP} }`;

const FLAT_CUSTOMER = 'id businessKey name status';
const range = (n) => Array.from({ length: n }, (_, i) => i);

/** The customers of an answer's `data` (every dialect but PostGraphile's aliases: a list). */
const listAt = (rootField) => (data) => data?.[rootField];
/** The input customers of a request's `variables` (load.lua spells them the same way). */
const inputList = (variables) => variables.input;

/**
 * The workloads. `rowsPerRequest(batch)` is the number of logical rows per request: rows read for
 * the read, rows written for the writes (create: 1 + 1 + 1 + 2 per customer; upsert and
 * create-flat: one per customer). `documents(batch)` gives the text per dialect (absent: that
 * dialect cannot run it); `list(data, dialect)` and `input(variables, dialect)` read the customers
 * of an answer and of a request whatever the dialect; `graph` says whether answers hold each
 * customer's graph or its columns alone.
 */
export const WORKLOADS = {
  read: {
    label: 'top-N graph read (N = batch): customers → relationships → contracts → transactions',
    rootField: 'customers',
    writes: false,
    graph: true,
    list: listAt('customers'),
    input: inputList,
    rowsPerRequest: (batch) => batch * (1 + 4 + 4 * 3 + 4 * 3 * 4),
    documents: (batch) => ({
      canonical: `{ customers(limit: ${batch}) { ${CUSTOMER} } }`,
      postgraphile: `{ customers: allCustomersList(first: ${batch}, orderBy: PRIMARY_KEY_ASC) { ${PGL_CUSTOMER} } }`,
    }),
  },
  create: {
    label: 'whole-graph create: N customers, each with 1 relationship, 1 contract, 2 transactions',
    rootField: 'createCustomers',
    writes: true,
    graph: true,
    list: listAt('createCustomers'),
    input: inputList,
    rowsPerRequest: (batch) => batch * 5,
    documents: () => ({
      canonical: `mutation Create($input: [CustomerInput!]!) { createCustomers(input: $input) { ${CUSTOMER} } }`,
    }),
  },
  upsert: {
    label:
      'upsert + select: N customers by business key (half new, half renamed), each with its graph',
    rootField: 'createCustomers',
    writes: true,
    graph: true,
    list: listAt('createCustomers'),
    input: inputList,
    rowsPerRequest: (batch) => batch,
    documents: () => ({
      canonical: `mutation Upsert($input: [CustomerInput!]!) { createCustomers(input: $input, onConflict: { constraint: CUSTOMERS_BUSINESS_KEY_KEY, update: [NAME] }) { ${CUSTOMER} } }`,
    }),
  },
  'create-flat': {
    label:
      'flat create: N customers without children, returning their columns (PostGraphile: one aliased createCustomer per row)',
    rootField: 'createCustomers',
    writes: true,
    graph: false,
    // PostGraphile answers { c0: { customer }, c1: … } in the order of the aliases.
    list: (data, dialect) =>
      dialect === 'postgraphile'
        ? Object.values(data ?? {}).map((field) => field?.customer)
        : data?.createCustomers,
    input: (variables, dialect) =>
      dialect === 'postgraphile'
        ? Object.values(variables).map((v) => v.customer)
        : variables.input,
    rowsPerRequest: (batch) => batch,
    documents: (batch) => ({
      canonical: `mutation CreateFlat($input: [CustomerInput!]!) { createCustomers(input: $input) { ${FLAT_CUSTOMER} } }`,
      postgraphile: `mutation CreateFlat(${range(batch)
        .map((i) => `$c${i}: CreateCustomerInput!`)
        .join(', ')}) { ${range(batch)
        .map(
          (i) =>
            `c${i}: createCustomer(input: $c${i}) { customer { id: rowId businessKey name status } }`,
        )
        .join(' ')} }`,
    }),
  },
};
