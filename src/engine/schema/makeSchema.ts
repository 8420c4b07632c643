import {
  buildASTSchema,
  GraphQLScalarType,
  parse,
  type DocumentNode,
  type GraphQLEnumValueConfigMap,
  type GraphQLFieldResolver,
  type GraphQLIsTypeOfFn,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import { rewireSchema } from './rewireSchema.js';

type AnyResolver = GraphQLFieldResolver<unknown, unknown>;

/* eslint-disable @typescript-eslint/no-explicit-any -- resolver maps are untyped by nature, as
   in graphql-tools: `any` lets `(parent, { id }) => …` type-check without annotations. */
/** A field resolver as written in a resolver map. */
export type FieldResolverFn = (
  source: any,
  args: any,
  context: any,
  info: GraphQLResolveInfo,
) => unknown;

/** What a resolver map holds for one type: field resolvers, enum values or type resolution. */
export interface TypeResolvers {
  /** Object types: tells whether a value is of this type (abstract type resolution). */
  __isTypeOf?: GraphQLIsTypeOfFn<any, any>;
  /** Interfaces and unions: the name of a value's object type. */
  __resolveType?: GraphQLTypeResolver<any, any>;
  /**
   * Object types: a field's resolver, or `{ resolve, subscribe }` for subscription fields.
   * Enums: the internal value of each enum value.
   */
  [fieldOrValue: string]:
    | FieldResolverFn
    | { resolve?: FieldResolverFn; subscribe?: FieldResolverFn }
    | string
    | number
    | boolean
    | bigint
    | symbol
    | null
    | undefined
    | object;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The resolver map: by type name, as graphql-tools and Apollo Server accept it. */
export type ResolverMap = Record<string, TypeResolvers | GraphQLScalarType>;

export interface MakeSchemaOptions {
  typeDefs: string | DocumentNode | ReadonlyArray<string | DocumentNode>;
  resolvers?: ResolverMap | ReadonlyArray<ResolverMap>;
}

/**
 * Builds an executable `GraphQLSchema` from SDL and a resolver map: object field resolvers
 * (and `{ subscribe, resolve }` for subscriptions), custom scalars, enum internal values, and
 * `__resolveType` / `__isTypeOf` for abstract types. Resolvers for types or fields the SDL does
 * not define are reported rather than silently ignored.
 */
export function makeSchema(options: MakeSchemaOptions): GraphQLSchema {
  const defs = Array.isArray(options.typeDefs) ? options.typeDefs : [options.typeDefs];
  const document: DocumentNode = {
    kind: 'Document' as DocumentNode['kind'],
    definitions: (defs as ReadonlyArray<string | DocumentNode>).flatMap((def) =>
      typeof def === 'string' ? parse(def).definitions : def.definitions,
    ),
  };
  const built = buildASTSchema(document);
  const maps = Array.isArray(options.resolvers)
    ? (options.resolvers as ReadonlyArray<ResolverMap>)
    : options.resolvers
      ? [options.resolvers as ResolverMap]
      : [];
  const resolvers: ResolverMap = Object.assign({}, ...maps);

  const typeMap = built.getTypeMap();
  for (const typeName of Object.keys(resolvers)) {
    if (!(typeName in typeMap)) {
      throw new Error(
        `makeSchema: resolvers given for type "${typeName}", which the schema does not define.`,
      );
    }
  }
  const entry = (name: string) => resolvers[name] as Record<string, unknown> | undefined;

  return rewireSchema(built, {
    object(config) {
      const map = entry(config.name);
      if (!map) return config;
      const fields: typeof config.fields = { ...config.fields };
      for (const [fieldName, value] of Object.entries(map)) {
        if (fieldName === '__isTypeOf') continue;
        const field = fields[fieldName];
        if (!field) {
          throw new Error(
            `makeSchema: resolver given for "${config.name}.${fieldName}", which the schema does not define.`,
          );
        }
        if (typeof value === 'function') {
          fields[fieldName] = { ...field, resolve: value as AnyResolver };
        } else if (value && typeof value === 'object') {
          const { resolve, subscribe } = value as {
            resolve?: AnyResolver;
            subscribe?: AnyResolver;
          };
          fields[fieldName] = {
            ...field,
            ...(resolve ? { resolve } : {}),
            ...(subscribe ? { subscribe } : {}),
          };
        }
      }
      const isTypeOf = map['__isTypeOf'] as GraphQLIsTypeOfFn<unknown, unknown> | undefined;
      return { ...config, fields, ...(isTypeOf ? { isTypeOf } : {}) };
    },
    interface(config) {
      const resolveType = entry(config.name)?.['__resolveType'] as
        GraphQLTypeResolver<unknown, unknown> | undefined;
      return resolveType ? { ...config, resolveType } : config;
    },
    union(config) {
      const resolveType = entry(config.name)?.['__resolveType'] as
        GraphQLTypeResolver<unknown, unknown> | undefined;
      return resolveType ? { ...config, resolveType } : config;
    },
    scalar(config) {
      const scalar = resolvers[config.name];
      if (!scalar) return config;
      const impl =
        scalar instanceof GraphQLScalarType
          ? scalar.toConfig()
          : (scalar as Partial<typeof config>);
      return {
        ...config,
        ...(impl.serialize ? { serialize: impl.serialize } : {}),
        ...(impl.parseValue ? { parseValue: impl.parseValue } : {}),
        ...(impl.parseLiteral ? { parseLiteral: impl.parseLiteral } : {}),
        ...(impl.specifiedByURL ? { specifiedByURL: impl.specifiedByURL } : {}),
      };
    },
    enum(config) {
      const map = entry(config.name);
      if (!map) return config;
      const values: GraphQLEnumValueConfigMap = {};
      for (const [name, value] of Object.entries(config.values)) {
        values[name] = name in map ? { ...value, value: map[name] } : value;
      }
      for (const name of Object.keys(map)) {
        if (!(name in config.values)) {
          throw new Error(
            `makeSchema: value given for "${config.name}.${name}", which the enum does not define.`,
          );
        }
      }
      return { ...config, values };
    },
  });
}
