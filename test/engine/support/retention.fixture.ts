// Run by test/engine/execution/retention.test.ts in a child process with --expose-gc: executes a
// query whose generated code stops at a throwing getter and at a value it does not take, then
// prints whether the error and the value are still reachable once the response is done.
import { buildSchema, parse } from 'graphql';
import { createExecutor } from '../../../src/engine/index.js';

const { execute, executeJSON } = createExecutor({ codegenAfter: 1 });
const schema = buildSchema('type Query { rows: [Row] } type Row { a: String b: String }');
const document = parse('{ rows { a b } }');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function run(entry: 'execute' | 'executeJSON'): { error: WeakRef<Error>; value: WeakRef<Date> } {
  const failure = new Error('getter');
  // A Date for a String field: serialized by graphql-js, so generated code hands it on.
  const date = new Date(0);
  const throwing = Object.defineProperty({ a: 'x' }, 'b', {
    enumerable: true,
    get() {
      throw failure;
    },
  });
  // Each of them last, where a stop is kept until the next one.
  const dated = { a: 'z', b: date };
  for (const rows of [
    [{ a: 'y', b: 'plain' }, dated, throwing],
    [{ a: 'y', b: 'plain' }, throwing, dated],
  ]) {
    const args = { schema, document, rootValue: { rows } };
    if (entry === 'execute') void execute(args);
    else void executeJSON(args);
  }
  return { error: new WeakRef(failure), value: new WeakRef(date) };
}

const refs = { execute: run('execute'), executeJSON: run('executeJSON') };
// WeakRef targets stay alive until the current job ends: collect after it.
await new Promise((resolve) => setTimeout(resolve, 0));
gc();
await new Promise((resolve) => setTimeout(resolve, 0));
gc();
const alive = Object.fromEntries(
  Object.entries(refs).map(([entry, ref]) => [
    entry,
    { error: ref.error.deref() !== undefined, value: ref.value.deref() !== undefined },
  ]),
);
process.stdout.write(JSON.stringify(alive));
