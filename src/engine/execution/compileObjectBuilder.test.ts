import { GraphQLObjectType, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { FieldPlan } from '../plan/FieldPlan.js';
import {
  built,
  compileObjectBuilder,
  type BuilderField,
  type BuilderRuntime,
  type ObjectBuilder,
} from './compileObjectBuilder.js';
import { NO_ERROR } from './compileObjectWriter.js';
import type { ExecutionContext } from './ExecutionContext.js';
import { addPath, pathToArray, type Path } from './Path.js';

const field = (
  kind: BuilderField['kind'],
  fieldName: string,
  responseKey = fieldName,
  nonNull = false,
): BuilderField => ({ kind, nonNull, fieldName, responseKey, typename: 'Hostile' });

const results = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** Calls to the runtime, by the object fields' lines. */
const calls: string[] = [];
const ctx = { variableValues: {}, contextValue: 'the context' } as unknown as ExecutionContext;
const Child = new GraphQLObjectType({ name: 'Child', fields: { x: { type: GraphQLString } } });
const runtime: BuilderRuntime = {
  addPath: (prev, key, typename) => addPath(prev, key, typename),
  ownPath: (path, index) => (index < 0 ? path : addPath(path, index, undefined)),
  buildResolveInfo: (_ctx, field, path) => {
    calls.push(`info ${field.fieldName} ${pathToArray(path).join('.')}`);
    return { path } as never;
  },
  argumentsFor: (field) => ({ ...field.staticArgs }),
  completeObject: (_ctx, field, type, value, path) => {
    calls.push(`complete ${field.fieldName} as ${type.name} at ${pathToArray(path).join('.')}`);
    return (value as { later?: boolean }).later === true ? Promise.resolve({}) : { ...value };
  },
};

const build = (builder: ObjectBuilder, source: object, into = results(), path?: Path) =>
  builder(source, into, ctx, path, -1);

/** An object field of type Child, with `resolve` or read by the default resolver. */
const objectField = (
  fieldName: string,
  resolve?: FieldPlan['resolve'],
  nonNull = false,
): BuilderField => ({
  kind: 'object',
  nonNull,
  fieldName,
  responseKey: fieldName,
  typename: '',
  plan: {
    fieldName,
    resolve,
    staticArgs: { n: 1 },
    parentType: new GraphQLObjectType({ name: 'Parent', fields: {} }),
  } as unknown as FieldPlan,
  objectType: Child,
});

describe('compileObjectBuilder', () => {
  it('puts no name, response key or type name into the generated code', () => {
    // Not GraphQL names (a schema could not have them); the generator must not care.
    const hostile = `"]); globalThis.pwned = true; (["`;
    const builder = compileObjectBuilder(
      [
        field('string', hostile, 'x = 1; //'),
        field('int', 'n', `'); y = 2; //`),
        field('typename', '__typename', 'kind'),
      ],
      runtime,
    );
    const code = builder.toString();
    for (const text of [hostile, 'pwned', 'x = 1', 'y = 2', 'Hostile', '__typename', 'kind']) {
      expect(code).not.toContain(text);
    }
    const into = results();
    expect(build(builder, { [hostile]: 'v', n: 3 }, into)).toBe(3);
    expect(into).toEqual({ 'x = 1; //': 'v', [`'); y = 2; //`]: 3, kind: 'Hostile' });
    expect(Object.keys(into)).toEqual(['x = 1; //', `'); y = 2; //`, 'kind']);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('stores plain values of each scalar as they are, and null where null is allowed', () => {
    const builder = compileObjectBuilder(
      [
        field('string', 's'),
        field('int', 'i'),
        field('float', 'f'),
        field('boolean', 'b'),
        field('string', 'missing'),
      ],
      runtime,
    );
    const into = results();
    expect(build(builder, { s: '', i: -0, f: 1e21, b: false }, into)).toBe(5);
    expect(into).toEqual({ s: '', i: -0, f: 1e21, b: false, missing: null });
    expect(Object.is(into['i'], -0)).toBe(true);
  });

  it('stops at the first value graphql-js would coerce, serialize or reject', () => {
    const cases: [BuilderField, unknown][] = [
      [field('string', 'v'), 12],
      [field('string', 'v'), () => 'a method'],
      [field('int', 'v'), 2.5],
      [field('int', 'v'), 2 ** 31],
      [field('int', 'v'), '1'],
      [field('float', 'v'), NaN],
      [field('float', 'v'), Infinity],
      [field('boolean', 'v'), 0],
      [field('string', 'v', 'v', true), null],
      [field('int', 'v', 'v', true), undefined],
    ];
    for (const [kind, value] of cases) {
      const builder = compileObjectBuilder([field('string', 'a'), kind], runtime);
      const into = results();
      expect(build(builder, { a: 'x', v: value }, into)).toBe(1);
      expect(built.error).toBe(NO_ERROR);
      // What it read is handed on, for the interpreter not to read the property again.
      expect(built.read).toBe(true);
      expect(built.value).toBe(value);
      built.read = false;
      expect(into).toEqual({ a: 'x' });
    }
  });

  it('stops at a getter that throws, with what it threw', () => {
    const failure = new Error('getter');
    const source = Object.defineProperty({ a: 'x' }, 'b', {
      get() {
        throw failure;
      },
    });
    const into = results();
    const builder = compileObjectBuilder([field('string', 'a'), field('int', 'b')], runtime);
    expect(build(builder, source, into)).toBe(1);
    expect(built.error).toBe(failure);
    built.error = NO_ERROR;
    expect(into).toEqual({ a: 'x' });
  });

  it('calls a resolver once with its path and info, and completes the object it returns', () => {
    calls.length = 0;
    const seen: unknown[] = [];
    const resolve: FieldPlan['resolve'] = (source, args, context, info) => {
      seen.push(source, args, context, pathToArray(info.path));
      return { x: 'child' };
    };
    const builder = compileObjectBuilder(
      [field('string', 'a'), objectField('child', resolve), field('int', 'b')],
      runtime,
    );
    const into = results();
    const source = { a: 'x', b: 2 };
    expect(build(builder, source, into, addPath(undefined, 'root', 'Query'))).toBe(3);
    expect(into).toEqual({ a: 'x', child: { x: 'child' }, b: 2 });
    expect(seen).toEqual([source, { n: 1 }, 'the context', ['root', 'child']]);
    expect(calls).toEqual(['info child root.child', 'complete child as Child at root.child']);
    expect(built.async).toBe(false);
  });

  it('hands over what a resolver returned that is not an object, without calling it again', () => {
    for (const value of [null, undefined, new Error('returned'), Promise.resolve({}), 'text']) {
      calls.length = 0;
      let count = 0;
      const builder = compileObjectBuilder(
        [field('string', 'a'), objectField('child', () => (count++, value))],
        runtime,
      );
      const into = results();
      expect(build(builder, { a: 'x' }, into)).toBe(1);
      expect(count).toBe(1);
      expect(built.resolved).toBe(true);
      expect(built.value).toBe(value);
      expect(pathToArray(built.path)).toEqual(['child']);
      expect(built.info).toEqual({ path: built.path });
      expect(built.error).toBe(NO_ERROR);
      expect(calls).toEqual(['info child child']);
      expect(into).toEqual({ a: 'x' });
      built.resolved = false;
    }
  });

  it('reads an object field by the default resolver, and hands on anything but an object', () => {
    calls.length = 0;
    const builder = compileObjectBuilder([objectField('child'), field('string', 'a')], runtime);
    const into = results();
    expect(build(builder, { child: { x: 'read' }, a: 'y' }, into)).toBe(2);
    expect(into).toEqual({ child: { x: 'read' }, a: 'y' });
    expect(calls).toEqual(['complete child as Child at child']);

    // A method is handed on as read, for the interpreter to call; null as resolved.
    const method = () => ({ x: 'called' });
    expect(build(builder, { child: method }, results())).toBe(0);
    expect(built.read).toBe(true);
    expect(built.value).toBe(method);
    expect(built.resolved).toBe(false);
    built.read = false;
    expect(build(builder, { child: null }, results())).toBe(0);
    expect(built.resolved).toBe(true);
    expect(built.value).toBe(null);
    expect(built.thenable).toBe(false);
    expect(built.info).toBeUndefined();
    built.resolved = false;
    // A thenable: its `then` is read once, and the interpreter is told it is one.
    let thenReads = 0;
    const thenable = {
      get then() {
        thenReads++;
        return () => undefined;
      },
    };
    expect(build(builder, { child: thenable }, results())).toBe(0);
    expect(built.resolved).toBe(true);
    expect(built.thenable).toBe(true);
    expect(thenReads).toBe(1);
    built.resolved = false;
  });

  it('stops with what a resolver threw', () => {
    const failure = new Error('resolver');
    const builder = compileObjectBuilder(
      [
        objectField('child', () => {
          throw failure;
        }),
      ],
      runtime,
    );
    expect(build(builder, {})).toBe(0);
    expect(built.error).toBe(failure);
    expect(built.resolved).toBe(false);
    built.error = NO_ERROR;
  });

  it('says when it stored a promise, on every way out', () => {
    const builder = compileObjectBuilder(
      [objectField('first'), objectField('second'), field('int', 'n', 'n', true)],
      runtime,
    );
    const into = results();
    expect(build(builder, { first: { later: true }, second: { x: 'now' }, n: 1 }, into)).toBe(3);
    expect(built.async).toBe(true);
    expect(into['first']).toBeInstanceOf(Promise);
    built.async = false;
    // Stopped at the leaf after the promise was stored: still says so.
    expect(build(builder, { first: { later: true }, second: { x: 'now' }, n: 'one' })).toBe(2);
    expect(built.async).toBe(true);
    built.async = false;
    expect(build(builder, { first: { x: 'now' }, second: { x: 'now' }, n: 1 })).toBe(3);
    expect(built.async).toBe(false);
  });
});
