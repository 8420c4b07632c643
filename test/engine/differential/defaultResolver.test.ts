import { buildSchema, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';

// graphql-js's defaultFieldResolver: reads source[fieldName] on objects and functions; calls it
// as a method (args, context, info) with `this` = source when it is a function.
const schema = buildSchema(`
  type Query { thing: Thing things: [Thing] }
  type Thing {
    name: String
    greet(punct: String = "!"): String
    count: Int
    nothing: String
    zero: Int
    no: Boolean
    empty: String
    child: Thing
    required: Int!
    toString: String
    valueOf: String
    constructor: String
    hasOwnProperty: Boolean
  }
`);

class Person {
  constructor(public name: string) {}
  greet(args: { punct: string }, context: { log: unknown[] }, info: GraphQLResolveInfo) {
    context.log.push({ thisIsPerson: this instanceof Person, args, info: infoSummary(info) });
    return `hi ${this.name}${args.punct}`;
  }
  get count() {
    return this.name.length;
  }
}

describe('the default field resolver', () => {
  it('reads properties, falsy values included, and inherited ones', async () => {
    const proto = { name: 'inherited', count: 1 };
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        thing: { name: 'own', nothing: undefined, zero: 0, no: false, empty: '', child: null },
        things: [Object.create(proto), Object.create(null)],
      },
      query: '{ thing { name nothing zero no empty child { name } } things { name count } }',
    });
  });

  it('calls methods with (args, context, info) and this = source; class methods and getters', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: { thing: new Person('Ada'), things: [new Person('Bo'), new Person('Cy')] },
      contextValue: { log },
      query: '{ thing { name greet count } things { loud: greet(punct: "!!!") count } }',
    }));
  });

  it('reads each getter once per field', async () => {
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        thing: {
          get name() {
            log.push('name read');
            return 'lazy';
          },
        },
      },
      query: '{ thing { name again: name } }',
    }));
    expect(report.log).toEqual(['name read', 'name read']);
  });

  it('makes a throwing getter an error of its field, not of the object', async () => {
    /** `values` with a getter for `field` that throws (spreading would call it). */
    const throwing = (log: unknown[], values: object, field: string) =>
      Object.defineProperty({ ...values }, field, {
        enumerable: true,
        get() {
          log.push(`${field} read`);
          throw new Error(`${field} failed`);
        },
      });
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        thing: throwing(log, { name: 'x', child: throwing(log, {}, 'required') }, 'count'),
        things: [
          throwing(log, { name: 'a' }, 'child'),
          throwing(log, { count: 1 }, 'name'),
          throwing(log, { name: 'c', count: 2 }, 'required'),
        ],
      },
      query:
        '{ thing { name count child { name required } } things { name count child { name } required } }',
    }));
    // Each error sits on its field (things.N.required: the non-null field has no value there).
    expect(report.result?.errors?.map((error) => error.path?.join('.'))).toEqual([
      'thing.count',
      'thing.child.required',
      'things.0.child',
      'things.0.required',
      'things.1.name',
      'things.1.required',
      'things.2.required',
    ]);
  });

  it('reads properties of functions used as sources', async () => {
    const fn = Object.assign(function named() {}, { count: 3 });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { thing: fn, things: [fn] },
      query: '{ thing { name count } things { name } }',
    });
  });

  it('gives null fields on primitive sources', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { thing: 'a string', things: [42, true, Symbol('s')] },
      query: '{ thing { name count } things { name empty } }',
    });
  });

  it('finds Object.prototype members by name, as graphql-js does (toString, constructor...)', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { thing: { name: 'x' }, things: [Object.create(null), { toString: 'own' }] },
      query:
        '{ thing { toString valueOf constructor hasOwnProperty } things { toString hasOwnProperty } }',
    });
  });
});
