import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLFieldResolver,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
} from 'graphql';
import type { DataSource } from '../../engine/index.js';
import type { InputTypes } from './inputTypes.js';
import type { ColumnModel, Model, RelationModel, TableModel } from './Model.js';

/** A relation a create input can follow: its field name and what it creates. */
export interface WriteRelation {
  readonly name: string;
  readonly relation: RelationModel;
  /** `parent`: created first, its key fills this row's foreign key; `children`: created after. */
  readonly role: 'parent' | 'children' | 'child';
}

/**
 * The relations of `table` that a create input takes, by the read side's field names: a to-one
 * foreign key (`customer`, the parent row), a to-many or unique back reference (`contracts`, the
 * children) and a many-to-many link (`tags`: the tag rows and the junction rows). Only towards
 * tables that take writes; a junction only when its other columns may be left out.
 */
export function writeRelations(table: TableModel): WriteRelation[] {
  const relations: WriteRelation[] = [];
  for (const [name, field] of table.fields) {
    if (field.kind !== 'relation' || !field.relation.target.write) continue;
    const { relation, shape } = field;
    if (relation.direction === 'forward' && shape === 'one')
      relations.push({ name, relation, role: 'parent' });
    else if (relation.direction === 'backward' && shape === 'one')
      relations.push({ name, relation, role: 'child' });
    else if (relation.direction === 'backward' && shape === 'list')
      relations.push({ name, relation, role: 'children' });
    else if (relation.direction === 'junction' && shape === 'list' && junctionFillable(relation))
      relations.push({ name, relation, role: 'children' });
  }
  return relations;
}

function junctionFillable(relation: RelationModel): boolean {
  const via = relation.via;
  if (!via) return false;
  const keys = new Set([...via.sourcePairs.map((p) => p[1]), ...via.targetPairs.map((p) => p[0])]);
  return via.junction.columns.every((c) => keys.has(c.name) || !c.notNull || c.hasDefault === true);
}

/** Columns of `table` a parent relation of a create input can fill (nullable in the input type). */
export function fillableColumns(table: TableModel): Set<string> {
  const names = new Set<string>();
  for (const { relation, role } of writeRelations(table))
    if (role === 'parent') for (const [local] of relation.pairs) names.add(local);
  return names;
}

/** Whether an insert must be given the column: NOT NULL, no default, not generated. */
export function requiredOnInsert(column: ColumnModel): boolean {
  return column.notNull && column.column.hasDefault !== true;
}

export function isIncrementable(column: ColumnModel): boolean {
  return !column.isArray && ['Int', 'BigInt', 'BigFloat', 'Float'].includes(column.scalar);
}

/**
 * The Mutation type of a model (docs/pg.md, "Mutations"), or undefined when it has no mutation
 * fields. Root fields carry the source as query root fields do.
 */
export function mutationType(
  model: Model,
  inputs: InputTypes,
  objectType: (table: TableModel) => GraphQLObjectType,
  source: DataSource,
  resolve: GraphQLFieldResolver<unknown, unknown>,
): GraphQLObjectType | undefined {
  if (model.mutationFields.size === 0) return undefined;
  const creates = new Map<TableModel, GraphQLInputObjectType>();
  const named = new Map<string, GraphQLInputObjectType | GraphQLEnumType | null>();
  const once = <T extends GraphQLInputObjectType | GraphQLEnumType>(
    name: string,
    make: () => T | null,
  ): T | null => {
    if (!named.has(name)) named.set(name, make());
    return named.get(name) as T | null;
  };
  const columnInput = (column: ColumnModel): GraphQLInputType => {
    const scalar = inputs.scalar(column);
    return column.isArray ? new GraphQLList(scalar) : scalar;
  };

  const createInput = (table: TableModel): GraphQLInputObjectType => {
    let type = creates.get(table);
    if (!type) {
      type = new GraphQLInputObjectType({
        name: `${table.typeName}Input`,
        description: `A new ${table.typeName} row, with related rows to create along with it.`,
        fields: () => {
          const fillable = fillableColumns(table);
          const fields: GraphQLInputFieldConfigMap = {};
          for (const column of table.write?.columns.values() ?? []) {
            const type = columnInput(column);
            const required = requiredOnInsert(column) && !fillable.has(column.name);
            const expression = column.column.default;
            fields[column.fieldName] = {
              type: required ? new GraphQLNonNull(type) : type,
              description: column.column.comment ?? undefined,
              // What a row that leaves it out is given (insertSql.ts): a schema reload that
              // finds it changed serves the new one (describeSchemaChanges).
              ...(typeof expression === 'string'
                ? { extensions: { sluice: { columnDefault: expression } } }
                : {}),
            };
          }
          for (const { name, relation, role } of writeRelations(table)) {
            const target = createInput(relation.target);
            fields[name] = {
              type: role === 'children' ? new GraphQLList(new GraphQLNonNull(target)) : target,
              description:
                role === 'parent'
                  ? `Creates the ${relation.target.typeName} first; its key fills this row's.`
                  : `Creates ${relation.target.typeName} rows linked to this one.`,
            };
          }
          return fields;
        },
      });
      creates.set(table, type);
    }
    return type;
  };

  const columnEnum = (table: TableModel) =>
    once(`${table.typeName}Column`, () => {
      const values = [...(table.write?.columnValues.keys() ?? [])];
      return new GraphQLEnumType({
        name: `${table.typeName}Column`,
        description: `A writable column of ${table.typeName}.`,
        values: Object.fromEntries(values.map((v) => [v, { value: v }])),
      });
    }) as GraphQLEnumType;

  const onConflict = (table: TableModel) =>
    once(`${table.typeName}OnConflict`, () => {
      const constraints = new GraphQLEnumType({
        name: `${table.typeName}UniqueConstraint`,
        description: `The primary key and unique constraints of ${table.typeName}.`,
        values: Object.fromEntries(
          [...(table.write?.constraints ?? [])].map(([v, c]) => [
            v,
            { value: v, description: c.name },
          ]),
        ),
      });
      const columns = new GraphQLList(new GraphQLNonNull(columnEnum(table)));
      return new GraphQLInputObjectType({
        name: `${table.typeName}OnConflict`,
        description:
          'Upsert: give exactly one of constraint and columns (a primary key or unique constraint); rows that exist get the update columns, only where a value differs.',
        fields: {
          constraint: { type: constraints },
          columns: { type: columns },
          update: { type: new GraphQLNonNull(columns) },
        },
      });
    }) as GraphQLInputObjectType;

  const patch = (table: TableModel) =>
    once(`${table.typeName}Patch`, () => {
      const columns = [...(table.write?.columns.values() ?? [])];
      if (columns.length === 0) return null;
      return new GraphQLInputObjectType({
        name: `${table.typeName}Patch`,
        description: `New values of ${table.typeName} columns; those left out keep theirs.`,
        fields: Object.fromEntries(columns.map((c) => [c.fieldName, { type: columnInput(c) }])),
      });
    });

  const increment = (table: TableModel) =>
    once(`${table.typeName}Increment`, () => {
      const columns = [...(table.write?.columns.values() ?? [])].filter(isIncrementable);
      if (columns.length === 0) return null;
      return new GraphQLInputObjectType({
        name: `${table.typeName}Increment`,
        description: `Amounts added to numeric ${table.typeName} columns (after set).`,
        fields: Object.fromEntries(
          columns.map((c) => [c.fieldName, { type: inputs.scalar(c) as GraphQLInputType }]),
        ),
      });
    });

  const changeArgs = (table: TableModel): GraphQLFieldConfigArgumentMap => {
    const args: GraphQLFieldConfigArgumentMap = {};
    const set = patch(table);
    if (set) args['set'] = { type: set };
    const add = increment(table);
    if (add) args['increment'] = { type: add };
    return args;
  };
  const keyArgs = (table: TableModel): GraphQLFieldConfigArgumentMap =>
    Object.fromEntries(table.primaryKey.map((c) => [c.fieldName, { type: inputs.keyArgument(c) }]));
  const where = (table: TableModel) => ({
    where: {
      type: new GraphQLNonNull(inputs.where(table)),
      description: 'The rows to change; a filter that sets no condition is refused.',
    },
  });

  const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const [name, { kind, table }] of model.mutationFields) {
    // A table whose every column is generated or identity ALWAYS, and that no relation of a
    // create input reaches, has nothing a create input could hold: GraphQL has no input type
    // without fields, so it gets no create (a relation's field makes the input, see createInput).
    const writable = table.write?.columns.size ?? 0;
    if (
      (kind === 'createOne' || kind === 'createMany') &&
      writable === 0 &&
      writeRelations(table).length === 0
    )
      continue;
    const row = objectType(table);
    const rows = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(row)));
    // A catalog without key constraints (hand-made) gets no upsert: an enum needs values. Nor
    // does a table without a writable column: `<Type>Column` would have none, and no input row
    // could give a conflict column.
    const conflict =
      (table.write?.constraints.size ?? 0) > 0 && writable > 0
        ? { onConflict: { type: onConflict(table) } }
        : {};
    const config = {
      createMany: {
        type: rows,
        args: {
          input: {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(createInput(table)))),
          },
          ...conflict,
        },
        description: `Creates ${table.typeName} rows (with related rows); returns them in input order.`,
      },
      createOne: {
        type: new GraphQLNonNull(row),
        args: { input: { type: new GraphQLNonNull(createInput(table)) }, ...conflict },
        description: `Creates one ${table.typeName} row (with related rows).`,
      },
      updateOne: {
        type: row,
        args: { ...keyArgs(table), ...changeArgs(table) },
        description: `Updates the ${table.typeName} with this key; null when there is none.`,
      },
      updateMany: {
        type: rows,
        args: { ...where(table), ...changeArgs(table) },
        description: `Updates the ${table.typeName} rows that match; returns them.`,
      },
      deleteOne: {
        type: row,
        args: keyArgs(table),
        description: `Deletes the ${table.typeName} with this key; returns it as it was, or null.`,
      },
      deleteMany: {
        type: rows,
        args: where(table),
        description: `Deletes the ${table.typeName} rows that match; returns them as they were.`,
      },
    }[kind];
    fields[name] = { ...config, resolve, extensions: { sluice: { source } } };
  }
  return new GraphQLObjectType({ name: 'Mutation', fields });
}
