import {
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLUnionType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLNamedType,
  type GraphQLType,
} from 'graphql';

/** Changes applied to a type's config before the type is rebuilt. */
type ObjectConfig = ReturnType<GraphQLObjectType['toConfig']>;
type InterfaceConfig = ReturnType<GraphQLInterfaceType['toConfig']>;
type UnionConfig = ReturnType<GraphQLUnionType['toConfig']>;
type ScalarConfig = ReturnType<GraphQLScalarType['toConfig']>;
type EnumConfig = ReturnType<GraphQLEnumType['toConfig']>;
type InputObjectConfig = ReturnType<GraphQLInputObjectType['toConfig']>;

export interface TypeConfigMappers {
  object?(config: ObjectConfig): ObjectConfig;
  interface?(config: InterfaceConfig): InterfaceConfig;
  union?(config: UnionConfig): UnionConfig;
  scalar?(config: ScalarConfig): ScalarConfig;
  enum?(config: EnumConfig): EnumConfig;
  inputObject?(config: InputObjectConfig): InputObjectConfig;
}

/**
 * Rebuilds every named type of a schema from its config (after the given mappers ran), and wires
 * all references to the new types. graphql-js types are immutable once built, so this is how enum
 * internal values, scalar behaviour and resolvers are attached to a schema built from SDL.
 */
export function rewireSchema(schema: GraphQLSchema, mappers: TypeConfigMappers): GraphQLSchema {
  const newTypes = new Map<string, GraphQLNamedType>();

  const named = <T extends GraphQLNamedType>(type: T): T => {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) return type;
    const mapped = newTypes.get(type.name);
    if (mapped === undefined) throw new Error(`rewireSchema: unknown type ${type.name}`);
    return mapped as T;
  };
  const wrapped = <T extends GraphQLType>(type: T): T => {
    if (isListType(type)) return new GraphQLList(wrapped(type.ofType)) as T;
    if (isNonNullType(type)) return new GraphQLNonNull(wrapped(type.ofType)) as T;
    return named(type as GraphQLNamedType) as T;
  };
  const args = (map: GraphQLFieldConfigArgumentMap | undefined): GraphQLFieldConfigArgumentMap => {
    const out: GraphQLFieldConfigArgumentMap = {};
    for (const [name, arg] of Object.entries(map ?? {})) {
      out[name] = { ...arg, type: wrapped(arg.type) } satisfies GraphQLArgumentConfig;
    }
    return out;
  };
  const fields = (
    map: GraphQLFieldConfigMap<unknown, unknown>,
  ): GraphQLFieldConfigMap<unknown, unknown> => {
    const out: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [name, field] of Object.entries(map)) {
      out[name] = { ...field, type: wrapped(field.type), args: args(field.args) };
    }
    return out;
  };
  const inputFields = (map: GraphQLInputFieldConfigMap): GraphQLInputFieldConfigMap => {
    const out: GraphQLInputFieldConfigMap = {};
    for (const [name, field] of Object.entries(map))
      out[name] = { ...field, type: wrapped(field.type) };
    return out;
  };

  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    newTypes.set(type.name, rebuild(type));
  }

  function rebuild(type: GraphQLNamedType): GraphQLNamedType {
    if (isObjectType(type)) {
      const config = mappers.object ? mappers.object(type.toConfig()) : type.toConfig();
      return new GraphQLObjectType({
        ...config,
        fields: () => fields(config.fields as GraphQLFieldConfigMap<unknown, unknown>),
        interfaces: () => config.interfaces.map(named),
      });
    }
    if (isInterfaceType(type)) {
      const config = mappers.interface ? mappers.interface(type.toConfig()) : type.toConfig();
      return new GraphQLInterfaceType({
        ...config,
        fields: () => fields(config.fields as GraphQLFieldConfigMap<unknown, unknown>),
        interfaces: () => config.interfaces.map(named),
      });
    }
    if (isUnionType(type)) {
      const config = mappers.union ? mappers.union(type.toConfig()) : type.toConfig();
      return new GraphQLUnionType({ ...config, types: () => config.types.map(named) });
    }
    if (isScalarType(type)) {
      return new GraphQLScalarType(
        mappers.scalar ? mappers.scalar(type.toConfig()) : type.toConfig(),
      );
    }
    if (isEnumType(type)) {
      return new GraphQLEnumType(mappers.enum ? mappers.enum(type.toConfig()) : type.toConfig());
    }
    if (isInputObjectType(type)) {
      const config = mappers.inputObject ? mappers.inputObject(type.toConfig()) : type.toConfig();
      return new GraphQLInputObjectType({ ...config, fields: () => inputFields(config.fields) });
    }
    throw new Error(`rewireSchema: unexpected type ${String(type)}`);
  }

  const config = schema.toConfig();
  const root = (type: GraphQLObjectType | null | undefined) => (type ? named(type) : type);
  return new GraphQLSchema({
    ...config,
    query: root(config.query) ?? null,
    mutation: root(config.mutation) ?? null,
    subscription: root(config.subscription) ?? null,
    types: [...newTypes.values()],
    directives: config.directives.map((directive) =>
      isSpecifiedDirective(directive)
        ? directive
        : new GraphQLDirective({ ...directive.toConfig(), args: args(directive.toConfig().args) }),
    ),
  });
}
