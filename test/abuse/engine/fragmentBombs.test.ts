import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, type PrepareResult } from '../../../src/engine/index.js';

// Fragments that spread the next one twice: a document of n fragments expands to 2^n fields.
// Every analysis (cost, depth, aliases, directives) must measure it without expanding it.
const schema = buildSchema(`
  type Query { items(first: Int): [Item!]! item: Item hello: String }
  type Item { id: ID! items(first: Int): [Item!]! item: Item }
`);

/** `{ item { ...F0 } }` with `F(i)` spreading `F(i+1)` twice (through `spread`), ending in `leaf`. */
function bomb(n: number, spread: (next: string) => string, leaf: string, head = ''): string {
  const lines = [`${head}{ item { ...F0 } }`];
  for (let i = 0; i < n; i++) lines.push(`fragment F${i} on Item { ${spread(`F${i + 1}`)} }`);
  lines.push(`fragment F${n} on Item { ${leaf} }`);
  return lines.join('\n');
}

const SHAPES = {
  'spreads twice': (next: string) => `...${next} ...${next}`,
  'spreads through inline fragments': (next: string) =>
    `... on Item { ...${next} } ... { ...${next} }`,
  // Two aliased fields (no spread twice in one selection: graphql-js's own validation gives up
  // comparing those at this size, before any limit is measured).
  'spreads under aliases': (next: string) => `a: item { ...${next} } b: item { ...${next} }`,
};

const LEAVES = {
  literal: { head: '', leaf: 'items(first: 2) { id }', variables: undefined },
  variable: {
    head: 'query ($n: Int) ',
    leaf: 'items(first: $n) { id }',
    variables: { n: 2 },
  },
  default: { head: '', leaf: '__typename', variables: undefined },
};

function codes(result: { body: string | Uint8Array }): unknown[] {
  const body = JSON.parse(String(result.body)) as { errors?: Array<{ extensions?: unknown }> };
  return (body.errors ?? []).map((error) => (error.extensions as { code?: unknown })?.code);
}

async function answer(result: PrepareResult, variables?: Record<string, unknown>) {
  if (!result.ok) return { codes: codes(result), hasData: false };
  const outcome = await result.execute({ variables });
  return { codes: codes(outcome), hasData: outcome.hasData };
}

describe('fragment bombs', () => {
  // Documents this large need more than the default token and alias limits; the cost limit
  // alone must refuse them.
  const engine = createEngine({
    schema,
    maxTokens: 100_000,
    maxAliases: Number.MAX_SAFE_INTEGER,
    maxDirectives: Number.MAX_SAFE_INTEGER,
    maxDepth: 100_000,
  });

  for (const n of [40, 1000]) {
    for (const [shape, spread] of Object.entries(SHAPES)) {
      for (const [kind, { head, leaf, variables }] of Object.entries(LEAVES)) {
        it(`refuses ${n} fragments that ${shape}, ending in a ${kind} list size, by cost`, async () => {
          const result = await answer(engine.prepare(bomb(n, spread, leaf, head)), variables);
          expect(result).toEqual({ codes: [ErrorCode.COST_LIMIT_EXCEEDED], hasData: false });
        });
      }
    }
  }

  it('reads a variable list size once per fragment, not once per expanded spread', async () => {
    // 2^40 spreads of the fragment that reads $n: counted reads show the estimate's work.
    const prepared = engine.prepare(
      bomb(40, SHAPES['spreads twice'], LEAVES.variable.leaf, LEAVES.variable.head),
    );
    if (!prepared.ok) throw new Error(prepared.body);
    let reads = 0;
    const variables = new Proxy({ n: 2 } as Record<string, unknown>, {
      get(target, key) {
        if (key === 'n') reads++;
        return target[key as string];
      },
    });
    const outcome = await prepared.execute({ variables });
    expect(codes(outcome)).toEqual([ErrorCode.COST_LIMIT_EXCEEDED]);
    expect(reads).toBeLessThan(20);
  });

  it('saturates the estimate at a finite figure instead of overflowing', async () => {
    // 2^1000 expanded fields: more than a double can hold.
    const prepared = engine.prepare(bomb(1000, SHAPES['spreads twice'], 'items { id }'));
    if (!prepared.ok) throw new Error(prepared.body);
    const body = JSON.parse(String((await prepared.execute()).body)) as {
      errors: Array<{ message: string }>;
    };
    expect(body.errors[0]!.message).toMatch(/^Query cost of \d+ exceeds/);
  });

  it('refuses the bomb by depth, aliases and directives too, each measured without expanding', () => {
    const limited = createEngine({ schema, maxTokens: 100_000, maxDepth: 100_000 });
    const aliases = bomb(1000, SHAPES['spreads under aliases'], '__typename');
    expect(codes(limited.prepare(aliases) as { body: string })).toContain(
      ErrorCode.MAX_ALIASES_EXCEEDED,
    );
    const directives = bomb(1000, (next) => `...${next} @include(if: true) ...${next}`, 'id');
    expect(codes(limited.prepare(directives) as { body: string })).toContain(
      ErrorCode.MAX_DIRECTIVES_EXCEEDED,
    );
    const deep = createEngine({ schema, maxTokens: 100_000, maxDepth: 10 });
    const depth = bomb(1000, (next) => `item { ...I } ...${next}`, 'id').concat(
      '\nfragment I on Item { item { item { item { item { item { item { item { item { item { id } } } } } } } } } }',
    );
    expect(codes(deep.prepare(depth) as { body: string })).toContain(ErrorCode.MAX_DEPTH_EXCEEDED);
  });
});
