import { GraphQLObjectType, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { FieldPlan } from '../plan/FieldPlan.js';
import type { BuiltinScalarKind } from '../schema/typeGuards.js';
import type { ExecutionContext } from './ExecutionContext.js';
import {
  generateBuilder,
  generateWriter,
  type ObjectRuntime,
  type TextRuntime,
} from './generateSelection.js';
import {
  clearHandover,
  handover,
  NO_ERROR,
  STOP_READ,
  STOP_RESOLVED,
  UNREAD,
  type Handover,
} from './Handover.js';
import { addPath, pathToArray, type Path } from './Path.js';

const Parent = new GraphQLObjectType({ name: 'Parent', fields: { x: { type: GraphQLString } } });
const Child = new GraphQLObjectType({ name: 'Child', fields: { x: { type: GraphQLString } } });

/**
 * A field plan as the planner makes it, by hand: the names here are not GraphQL names (a schema
 * could not have them), and the generator must not care.
 */
function plan(
  kind: FieldPlan['kind'],
  fieldName: string,
  more: Partial<Record<string, unknown>> = {},
): FieldPlan {
  const responseKey = (more['responseKey'] as string | undefined) ?? fieldName;
  return {
    kind,
    fieldName,
    responseKey,
    keyJSON: JSON.stringify(responseKey) + ':',
    nonNull: false,
    parentType: Parent,
    resolve: undefined,
    staticArgs: { n: 1 },
    typename: kind === 'typename' ? 'Hostile' : undefined,
    typenameJSON: kind === 'typename' ? '"Hostile"' : undefined,
    scalar: undefined,
    objectType: kind === 'object' ? Child : undefined,
    ...more,
  } as unknown as FieldPlan;
}
const leaf = (fieldName: string, scalar: BuiltinScalarKind, more = {}) =>
  plan('leaf', fieldName, { scalar, ...more });

/** Calls to the runtime, by the object fields' lines. */
const calls: string[] = [];
const newContext = () =>
  ({
    variableValues: {},
    contextValue: 'the context',
    escapedChars: 0,
  }) as unknown as ExecutionContext;
/** What a stop left in the handover, taken out and cleared as the executors do. */
const taken = (): Handover => {
  const left = { ...handover };
  clearHandover(handover);
  return left;
};
const resolveRuntime = {
  addPath: (prev: Path | undefined, key: string, typename: string) => addPath(prev, key, typename),
  ownPath: (path: Path | undefined, index: number) =>
    index < 0 ? path : addPath(path, index, undefined),
  buildResolveInfo: (_ctx: ExecutionContext, field: FieldPlan, path: Path) => {
    calls.push(`info ${field.fieldName} ${pathToArray(path).join('.')}`);
    return { path } as never;
  },
  argumentsFor: (field: FieldPlan) => ({ ...field.staticArgs }),
};
const objectRuntime: ObjectRuntime = {
  ...resolveRuntime,
  subselection: (_ctx, field, type, value, path) => {
    calls.push(`complete ${field.fieldName} as ${type.name} at ${pathToArray(path).join('.')}`);
    return (value as { later?: boolean }).later === true ? Promise.resolve({}) : { ...value };
  },
};
const states = new Map<FieldPlan, { escapes: boolean }>();
const textRuntime: TextRuntime = {
  ...resolveRuntime,
  stateOf: (field) => states.get(field) ?? states.set(field, { escapes: false }).get(field)!,
  subselection: (_ctx, _field, _type, value, _path, into) => into + JSON.stringify(value),
  complete: (_ctx, _field, _path, _info, value) => JSON.stringify(value),
};

const hostile = `"]); globalThis.pwned = true; (["`;

describe('generateWriter (text back end)', () => {
  it('puts no name, prefix or type name into the generated code', () => {
    const fields = [
      leaf(hostile, 'string'),
      leaf('n', 'int', { responseKey: `n'); x = 1; //` }),
      plan('typename', '__typename'),
    ];
    const writer = generateWriter(fields, true, textRuntime);
    const code = writer.toString();
    for (const text of [hostile, 'pwned', 'x = 1', 'Hostile', '__typename']) {
      expect(code).not.toContain(text);
    }
    const written = writer({ [hostile]: 'v', n: 3 }, '', false, newContext(), undefined, -1);
    expect(JSON.parse(written as string)).toEqual({
      [hostile]: 'v',
      [`n'); x = 1; //`]: 3,
      __typename: 'Hostile',
    });
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('stops at the first value it does not write, with the text so far and the value read', () => {
    const writer = generateWriter([leaf('a', 'string'), leaf('b', 'int')], true, textRuntime);
    const ctx = newContext();
    expect(writer({ a: 'x', b: 1.5 }, '[', false, ctx, undefined, -1)).toBe(1);
    const left = taken();
    expect(left).toMatchObject({ kind: STOP_READ, text: '[{"a":"x"', value: 1.5 });
    expect(left.error).toBe(NO_ERROR);
    const failure = new Error('getter');
    const throwing = Object.defineProperty({}, 'a', {
      get() {
        throw failure;
      },
    });
    const other = newContext();
    expect(writer(throwing, '', false, other, undefined, -1)).toBe(0);
    const thrown = taken();
    expect(thrown).toMatchObject({ kind: STOP_READ, text: '', error: failure });
    expect(thrown.value).toBe(UNREAD);
  });

  it('writes the comma of a list item with its first key, and keeps it when it stops', () => {
    const writer = generateWriter([leaf('a', 'string'), leaf('b', 'int')], true, textRuntime);
    const ctx = newContext();
    expect(writer({ a: 'x', b: 1 }, '[{}', true, ctx, undefined, -1)).toBe('[{},{"a":"x","b":1}');
    expect(writer({ a: 1 }, '[{}', true, ctx, undefined, -1)).toBe(0);
    expect(taken()).toMatchObject({ text: '[{},', value: 1 });
  });

  it('writes a leading run of fields and stops after it when the object has more', () => {
    const writer = generateWriter([leaf('a', 'boolean')], false, textRuntime);
    const ctx = newContext();
    expect(writer({ a: false, more: 1 }, '', false, ctx, undefined, -1)).toBe(1);
    expect(taken()).toMatchObject({ text: '{"a":false', value: UNREAD, error: NO_ERROR });
  });
});

describe('generateBuilder (object back end)', () => {
  const build = (fields: FieldPlan[], source: object, path?: Path) => {
    const ctx = newContext();
    const into: Record<string, unknown> = {};
    const stored = generateBuilder(fields, objectRuntime)(source, into, ctx, path, -1);
    return { stored, into, h: taken() };
  };

  it('puts no name, response key or type name into the generated code', () => {
    const fields = [
      leaf(hostile, 'string', { responseKey: 'x = 1; //' }),
      plan('typename', '__typename', { responseKey: 'label' }),
    ];
    const code = generateBuilder(fields, objectRuntime).toString();
    for (const text of [hostile, 'pwned', 'x = 1', 'Hostile', '__typename', 'label']) {
      expect(code).not.toContain(text);
    }
    const { stored, into } = build(fields, { [hostile]: 'v' });
    expect(stored).toBe(2);
    expect(into).toEqual({ 'x = 1; //': 'v', label: 'Hostile' });
  });

  it('stores plain values as they are, null where allowed, and stops at anything else', () => {
    const fields = [
      leaf('s', 'string'),
      leaf('i', 'int'),
      leaf('f', 'float'),
      leaf('b', 'boolean'),
    ];
    expect(build(fields, { s: '', i: -0, f: 1e21 }).into).toEqual({
      s: '',
      i: -0,
      f: 1e21,
      b: null,
    });
    const cases: [FieldPlan, unknown][] = [
      [leaf('v', 'string'), 12],
      [leaf('v', 'string'), () => 'a method'],
      [leaf('v', 'int'), 2 ** 31],
      [leaf('v', 'float'), NaN],
      [leaf('v', 'boolean'), 0],
      [leaf('v', 'string', { nonNull: true }), null],
    ];
    for (const [field, value] of cases) {
      const { stored, into, h } = build([leaf('a', 'string'), field], { a: 'x', v: value });
      expect(stored).toBe(1);
      expect(h).toMatchObject({ kind: STOP_READ, error: NO_ERROR });
      expect(h.value).toBe(value);
      expect(into).toEqual({ a: 'x' });
    }
  });

  it('calls a resolver once with its path and info, and completes the object it returns', () => {
    calls.length = 0;
    const seen: unknown[] = [];
    const resolve: FieldPlan['resolve'] = (source, args, context, info) => {
      seen.push(source, args, context, pathToArray(info.path));
      return { x: 'child' };
    };
    const source = { a: 'x' };
    const fields = [leaf('a', 'string'), plan('object', 'child', { resolve })];
    const { stored, into, h } = build(fields, source, addPath(undefined, 'root', 'Query'));
    expect(stored).toBe(2);
    expect(into).toEqual({ a: 'x', child: { x: 'child' } });
    expect(seen).toEqual([source, { n: 1 }, 'the context', ['root', 'child']]);
    expect(calls).toEqual(['info child root.child', 'complete child as Child at root.child']);
    expect(h.async).toBe(false);
  });

  it('hands over what a resolver returned that is not an object, without calling it again', () => {
    for (const value of [null, new Error('returned'), Promise.resolve({}), 'text']) {
      let count = 0;
      const field = plan('object', 'child', { resolve: () => (count++, value) });
      const { stored, h } = build([field], {});
      expect(stored).toBe(0);
      expect(count).toBe(1);
      expect(h.kind).toBe(STOP_RESOLVED);
      expect(h.value).toBe(value);
      expect(pathToArray(h.path)).toEqual(['child']);
    }
  });

  it('hands a method on as read, and says when it stored a promise', () => {
    const method = () => ({ x: 'called' });
    const read = build([plan('object', 'child')], { child: method });
    expect(read.h).toMatchObject({ kind: STOP_READ, value: method });
    const fields = [plan('object', 'first'), leaf('n', 'int', { nonNull: true })];
    const later = build(fields, { first: { later: true }, n: 'one' });
    expect(later.stored).toBe(1);
    expect(later.h.async).toBe(true);
    expect(later.into['first']).toBeInstanceOf(Promise);
  });
});
