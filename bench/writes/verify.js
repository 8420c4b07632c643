// Before any load, each contender answers the same requests of every workload and batch on the
// same fixture (reset before each), through the statement counter (statementCounter.js):
// - its answers must equal the reference's (the hand-written endpoint's), parsed and
//   re-stringified, once the keys PostgreSQL generated are normalised (below);
// - after a write, the database must hold exactly what the answer says: the rows it returned,
//   read back from the tables, give the same JSON, the tables grew by the rows the input asked
//   for, and the values given in the input are the ones stored.
// Generated ids (above the fixture's) and generated business keys (not of the fixture's or the
// load's pattern, fixture.js) are replaced by their order of first appearance per level, so two
// contenders that drew other keys still compare equal, while every other value counts; timestamps
// are compared as instants (in ISO 8601 with milliseconds).
import { readFileSync } from 'node:fs';
import { WORKLOADS } from './documents.js';
import { COUNTS_SQL, PER_PARENT, TABLES } from './fixture.js';
import { firstDifference } from '../pg/verify.js';
import { GRAPH_BY_IDS_SQL } from './handwrittenSql.js';

const LEVEL_CHILDREN = ['bankingRelationships', 'contracts', 'transactions'];
const PATTERN_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4000-[89]000-[0-9a-f]{12}$/;
/** A business key load.lua made for a new customer. */
const isNewKey = (key) => /^[0-9a-f]{8}-[0-9a-f]{4}-4000-9000-/.test(key);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The records of a wrk dump (load.lua with WRK_DUMP): `[{ request, status, body }]`. */
export function readDump(path) {
  const bytes = readFileSync(path);
  const records = [];
  let offset = 0;
  const line = () => {
    const end = bytes.indexOf(10, offset);
    if (end < 0) return [];
    const text = bytes.toString('utf8', offset, end);
    offset = end + 1;
    return text.split(' ');
  };
  const take = (length) => {
    const text = bytes.toString('utf8', offset, offset + length);
    offset += length + 1;
    return text;
  };
  // A record still being written (the file is read while wrk runs) is left out.
  while (offset < bytes.length) {
    const [, requestLength] = line();
    if (offset + Number(requestLength) >= bytes.length) break;
    const request = take(Number(requestLength));
    const [, status, bodyLength] = line();
    if (offset + Number(bodyLength) >= bytes.length) break;
    records.push({ request, status: Number(status), body: take(Number(bodyLength)) });
  }
  return records;
}

/** The customers of a 200 answer without errors (documents.js `list`), or throws with the reason. */
export function answerList({ status, body }, workload, dialect) {
  if (status !== 200) throw new Error(`HTTP ${status}: ${body.slice(0, 300)}`);
  const parsed = JSON.parse(body);
  if (parsed.errors) throw new Error(`errors: ${JSON.stringify(parsed.errors).slice(0, 300)}`);
  const list = WORKLOADS[workload].list(parsed.data, dialect);
  if (!Array.isArray(list)) throw new Error('no list of customers in data');
  return list;
}

/** The input customers of a dumped request (documents.js `input`). */
export const requestInput = (record, workload, dialect) =>
  WORKLOADS[workload].input(JSON.parse(record.request).variables, dialect);

/** The answer's list re-stringified with generated ids and keys normalised (see the header). */
export function normalized(list) {
  const seen = TABLES.map(() => new Map());
  const rename = (level, kind, value) => {
    const map = seen[level];
    const key = `${kind}:${value}`;
    if (!map.has(key)) map.set(key, `${kind}#${map.size + 1}`);
    return map.get(key);
  };
  const walk = (rows, level) =>
    rows.map((row) => {
      const out = {};
      for (const [key, value] of Object.entries(row)) {
        if (key === 'id' && value > TABLES[level].rows) out.id = rename(level, 'new id', value);
        else if (key === 'businessKey' && !PATTERN_KEY.test(value)) {
          if (!UUID.test(value)) throw new Error(`businessKey ${value} is not a UUID`);
          out.businessKey = rename(level, 'generated key', value);
        } else if (key === LEVEL_CHILDREN[level]) out[key] = walk(value, level + 1);
        // The same instant in other spellings (PostGraphile writes microseconds: `.000000+00:00`).
        else if (key === 'bookedAt') out[key] = new Date(value).toISOString();
        else out[key] = value;
      }
      return out;
    });
  return JSON.stringify(walk(list, 0));
}

/**
 * Checks the reference answer has the shape the request asks for, so an empty or truncated
 * reference cannot make every contender "equal". Returns a problem or undefined.
 */
export function shapeProblem(workload, batch, list, input) {
  const expected = workload === 'read' ? batch : input.length;
  if (list.length !== expected) return `${list.length} customers, expected ${expected}`;
  for (const [i, customer] of list.entries()) {
    if (!WORKLOADS[workload].graph) {
      if (Object.keys(customer).join() !== 'id,businessKey,name,status') {
        return `customer ${i} has the keys ${Object.keys(customer)}`;
      }
      continue;
    }
    // create: 1 relationship, 1 contract, 2 transactions; upsert: none for a new key (`-9000-`,
    // load.lua), the fixture's for an existing one; read: the fixture's.
    const counts =
      workload === 'create'
        ? [1, 1, 2]
        : workload === 'upsert' && isNewKey(customer.businessKey)
          ? [0, 0, 0]
          : Object.values(PER_PARENT);
    let rows = [customer];
    for (const [level, child] of LEVEL_CHILDREN.entries()) {
      for (const row of rows) {
        if (row[child]?.length !== counts[level]) {
          return `customer ${i}: ${child} has ${row[child]?.length} rows, expected ${counts[level]}`;
        }
      }
      rows = rows.flatMap((row) => row[child]);
    }
  }
  return undefined;
}

/** Row counts of the four tables now. */
export async function tableCounts(client) {
  return (await client.query(COUNTS_SQL)).rows[0].counts;
}

/**
 * After `records` (write requests answered in order, from a fixture whose counts were `before`):
 * the tables hold exactly what the answers say and what the inputs asked for. Returns a problem
 * or undefined.
 */
export async function databaseProblem({ client, workload, dialect, records, before }) {
  const expectedGrowth = [0, 0, 0, 0];
  for (const record of records) {
    const input = requestInput(record, workload, dialect);
    const list = answerList(record, workload, dialect);
    const ids = list.map((c) => c.id);
    const { rows } = await client.query(GRAPH_BY_IDS_SQL, [ids]);
    let graphs = JSON.parse(rows[0].json);
    if (!WORKLOADS[workload].graph) {
      // A flat create answers the columns alone; the stored customers must have no children.
      if (graphs.some((c) => c.bankingRelationships.length))
        return 'a created customer has children';
      graphs = graphs.map(({ bankingRelationships: _, ...columns }) => columns);
    }
    const stored = JSON.stringify(graphs);
    if (stored !== JSON.stringify(list)) {
      return `the answer differs from the rows stored: ${firstDifference(stored, JSON.stringify(list))}`;
    }
    const problem = inputProblem(input, list);
    if (problem) return problem;
    if (workload === 'create') {
      const n = input.length;
      [n, n, n, 2 * n].forEach((rows, level) => (expectedGrowth[level] += rows));
    } else if (workload === 'create-flat') {
      expectedGrowth[0] += input.length;
    } else {
      expectedGrowth[0] += input.filter((c) => isNewKey(c.businessKey)).length;
    }
  }
  const after = await tableCounts(client);
  const growth = after.map((n, i) => n - before[i]);
  if (JSON.stringify(growth) !== JSON.stringify(expectedGrowth)) {
    return `the tables grew by ${growth}, expected ${expectedGrowth}`;
  }
  return undefined;
}

/** Every value the input gives is the one answered (timestamps compared as instants). */
function inputProblem(input, list) {
  const check = (given, answered, path) => {
    for (const [key, value] of Object.entries(given)) {
      const got = answered[key];
      if (Array.isArray(value)) {
        if (!Array.isArray(got) || got.length !== value.length) return `${path}.${key}: length`;
        for (const [i, item] of value.entries()) {
          const problem = check(item, got[i], `${path}.${key}[${i}]`);
          if (problem) return problem;
        }
      } else if (key === 'bookedAt' ? Date.parse(value) !== Date.parse(got) : value !== got) {
        return `${path}.${key}: input ${JSON.stringify(value)}, answered ${JSON.stringify(got)}`;
      }
    }
    return undefined;
  };
  if (input.length !== list.length) return `${list.length} customers answered for ${input.length}`;
  for (const [i, item] of input.entries()) {
    const problem = check(item, list[i], `input[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}
