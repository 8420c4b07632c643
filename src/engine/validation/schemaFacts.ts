import {
  isRequiredArgument,
  type GraphQLArgument,
  type GraphQLDirective,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/** What the rules ask of a directive, computed once per schema. */
export interface DirectiveFacts {
  readonly directive: GraphQLDirective;
  readonly locations: ReadonlySet<string>;
  /** Not repeatable: may appear once per location. */
  readonly unique: boolean;
  readonly argNames: ReadonlyArray<string>;
  readonly argsByName: ReadonlyMap<string, GraphQLArgument>;
  /** Required arguments in definition order (ProvidedRequiredArguments reports in this order). */
  readonly required: ReadonlyArray<GraphQLArgument>;
}

/** What the rules ask of a field definition: its arguments by name and the required ones. */
export interface FieldFacts {
  readonly argsByName: ReadonlyMap<string, GraphQLArgument>;
  readonly required: ReadonlyArray<GraphQLArgument>;
}

/** Facts of one schema that every validation against it reads, derived on first use. */
export interface SchemaFacts {
  readonly schema: GraphQLSchema;
  readonly directives: ReadonlyMap<string, DirectiveFacts>;
  /** The type names, in the schema's type map order (the suggestions' candidate order). */
  readonly typeNames: ReadonlyArray<string>;
  readonly types: { readonly [name: string]: GraphQLNamedType | undefined };
  field(definition: GraphQLField<unknown, unknown>): FieldFacts;
}

const cache = new WeakMap<GraphQLSchema, SchemaFacts>();

/**
 * The schema's facts, cached per schema: a GraphQLSchema does not change after construction
 * (its type map and directives are fixed), so what is derived from it holds for its lifetime.
 */
export function schemaFacts(schema: GraphQLSchema): SchemaFacts {
  let facts = cache.get(schema);
  if (facts === undefined) {
    facts = buildFacts(schema);
    cache.set(schema, facts);
  }
  return facts;
}

function buildFacts(schema: GraphQLSchema): SchemaFacts {
  const directives = new Map<string, DirectiveFacts>();
  for (const directive of schema.getDirectives()) {
    // graphql-js's rules fill their maps in this order, so a later directive of a name wins.
    directives.set(directive.name, {
      directive,
      locations: new Set(directive.locations),
      unique: !directive.isRepeatable,
      argNames: directive.args.map((arg) => arg.name),
      argsByName: argsByName(directive.args),
      required: directive.args.filter(isRequiredArgument),
    });
  }
  const typeMap = schema.getTypeMap();
  const fields = new WeakMap<GraphQLField<unknown, unknown>, FieldFacts>();
  return {
    schema,
    directives,
    typeNames: Object.keys(typeMap),
    types: typeMap,
    field(definition) {
      let known = fields.get(definition);
      if (known === undefined) {
        known = {
          argsByName: argsByName(definition.args),
          required: definition.args.filter(isRequiredArgument),
        };
        fields.set(definition, known);
      }
      return known;
    },
  };
}

/** Arguments by name where the first of a name wins, as `args.find` does. */
function argsByName(args: ReadonlyArray<GraphQLArgument>): ReadonlyMap<string, GraphQLArgument> {
  const byName = new Map<string, GraphQLArgument>();
  for (const arg of args) if (!byName.has(arg.name)) byName.set(arg.name, arg);
  return byName;
}
