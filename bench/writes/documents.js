// The GraphQL documents of the three workloads, as each dialect spells them. Every contender that
// answers a workload must return the same JSON: root key, keys in the same order, same values
// (verify.js compares them before any load). Order is by primary key at every level (the default
// order of Sluice's reflection) and, for mutations, the order of the input list.
//
// canonical: the names of Sluice's reflected schema, which the hand-written endpoint and the
// per-row server implement too (`Customer.bankingRelationships`, `createCustomers(input:,
// onConflict:)`). postgraphile: PostGraphile 5's own names, aliased back to the same shape; it
// has no nested create and no upsert, so it has no document for those two workloads.

const TRANSACTION = 'id businessKey amount bookedAt description';
const CONTRACT = `id businessKey product amount openedOn status transactions { ${TRANSACTION} }`;
const RELATIONSHIP = `id businessKey name openedOn status contracts { ${CONTRACT} }`;
const CUSTOMER = `id businessKey name status bankingRelationships { ${RELATIONSHIP} }`;

const PGL_ORDER = '(orderBy: PRIMARY_KEY_ASC)';
const PGL_TRANSACTION = 'id: rowId businessKey amount bookedAt description';
const PGL_CONTRACT = `id: rowId businessKey product amount openedOn status transactions: transactionsByContractIdList${PGL_ORDER} { ${PGL_TRANSACTION} }`;
const PGL_RELATIONSHIP = `id: rowId businessKey name openedOn status contracts: contractsByRelationshipIdList${PGL_ORDER} { ${PGL_CONTRACT} }`;
const PGL_CUSTOMER = `id: rowId businessKey name status bankingRelationships: bankingRelationshipsByCustomerIdList${PGL_ORDER} { ${PGL_RELATIONSHIP} }`;

/**
 * The workloads. `rowsPerRequest(batch)` is the number of logical rows per request: rows read for
 * the read, rows written for the writes (create: 1 + 1 + 1 + 2 per customer; upsert: one per
 * customer). `documents(batch)` gives the text per dialect (absent: that dialect cannot run it).
 */
export const WORKLOADS = {
  read: {
    label: 'top-N graph read (N = batch): customers → relationships → contracts → transactions',
    rootField: 'customers',
    writes: false,
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
    rowsPerRequest: (batch) => batch,
    documents: () => ({
      canonical: `mutation Upsert($input: [CustomerInput!]!) { createCustomers(input: $input, onConflict: { constraint: CUSTOMERS_BUSINESS_KEY_KEY, update: [NAME] }) { ${CUSTOMER} } }`,
    }),
  },
};
