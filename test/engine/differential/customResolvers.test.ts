import {
  buildSchema,
  type GraphQLAbstractType,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLTypeResolver,
} from 'graphql';
import { describe, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';
import { later } from '../support/timing.js';

// ExecutionArgs.fieldResolver and .typeResolver replace graphql-js's defaults for fields without
// `resolve` and abstract types without `resolveType`; the schema's own functions still win.
const schema = buildSchema(`
  interface Shape { area: Float }
  type Square implements Shape { area: Float side: Float }
  type Circle implements Shape { area: Float radius: Float }
  union Any = Square | Circle
  type Query { shapes: [Shape] any: [Any] name(upper: Boolean): String own: String }
`);
// A field with its own resolver: fieldResolver must not be used for it.
const ownField = schema.getQueryType()?.getFields()['own'];
if (ownField) ownField.resolve = () => 'own resolver';

const data = { shapes: [{ side: 2 }, { radius: 1 }], any: [{ radius: 2 }, { side: 3 }] };
const query = `{
  shapes { __typename area ... on Square { side } ... on Circle { radius } }
  any { ... on Circle { radius area } ... on Square { side } }
  name(upper: true) own
}`;

function fieldResolver(log: unknown[]): GraphQLFieldResolver<Record<string, unknown>, unknown> {
  return (source, args, context, info: GraphQLResolveInfo) => {
    log.push({
      field: info.fieldName,
      args,
      contextIsLog: context === log,
      info: infoSummary(info),
    });
    if (info.fieldName === 'area') {
      const side = source['side'] as number | undefined;
      return side !== undefined ? side * side : 3 * (source['radius'] as number) ** 2;
    }
    if (info.fieldName === 'name') return args['upper'] ? 'SHAPES' : 'shapes';
    return source[info.fieldName];
  };
}

function typeResolver(log: unknown[]): GraphQLTypeResolver<Record<string, unknown>, unknown> {
  return (value, context, info, abstractType: GraphQLAbstractType) => {
    log.push({
      value,
      contextIsLog: context === log,
      type: abstractType.name,
      field: info.fieldName,
    });
    return 'side' in value ? 'Square' : 'Circle';
  };
}

describe('fieldResolver and typeResolver arguments', () => {
  it('replace the defaults, and receive the usual arguments', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: data,
      contextValue: log,
      query,
      fieldResolver: fieldResolver(log),
      typeResolver: typeResolver(log),
    }));
  });

  it('may return promises', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: data,
      contextValue: log,
      query,
      fieldResolver: (source, args, context, info) =>
        later(info.fieldName === 'shapes' ? 2 : 1, fieldResolver(log)(source, args, context, info)),
      typeResolver: (value, context, info, type) =>
        later(1, typeResolver(log)(value, context, info, type) as string),
    }));
  });

  it('may throw', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: data,
      query,
      fieldResolver: (source: Record<string, unknown>, _args, _context, info) => {
        if (info.fieldName === 'area') throw new Error('no area');
        return source[info.fieldName];
      },
      typeResolver: (value: Record<string, unknown>) => {
        if ('radius' in value) throw new Error('no circles');
        return 'Square';
      },
    });
  });
});
