import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import type { ColumnModel, EnumModel, TableModel } from './Model.js';
import { GraphQLJSON, SCALARS } from './scalars.js';
import { arrayFilterFields, hasArrayOperators } from './arrayFilters.js';
import { MATCHES_FIELD } from './textSearch.js';
import {
  AGGREGATE_FUNCTIONS,
  aggregateScalar,
  COUNT_COLUMN,
  functionColumn,
  ORDER_FUNCTIONS,
} from './aggregateScalar.js';

/** The input types of reflected lists: `<Type>Where`, `<Type>OrderBy`, the scalar filters. */
export interface InputTypes {
  where(table: TableModel): GraphQLInputObjectType;
  orderBy(table: TableModel): GraphQLInputObjectType | undefined;
  /** `<Type>OrderableColumn`, the columns `distinctOn` and `groupBy` name; undefined when none. */
  orderableColumn(table: TableModel): GraphQLEnumType | undefined;
  /** `<Type>AggregateHaving`: conditions on a group's count and functions (`groups(having:)`). */
  having(table: TableModel): GraphQLInputObjectType;
  scalar(column: ColumnModel): GraphQLScalarType | GraphQLEnumType;
  /**
   * The type of a key argument (a lookup's, an update's or a delete's by key) and of a deleted
   * event's key field: the column's value, a list of its scalar for an array (`[Int]!`, as the
   * column's field: PostgreSQL's arrays may hold NULL elements, in a key too), never null.
   */
  keyArgument(column: ColumnModel): KeyType;
  enumType(model: EnumModel): GraphQLEnumType;
}

/** A key column's type, input and output alike: its scalar or a list of it, non-null. */
export type KeyType = GraphQLNonNull<
  GraphQLScalarType | GraphQLEnumType | GraphQLList<GraphQLScalarType | GraphQLEnumType>
>;

/**
 * Marks an enum whose values change the SQL text (which columns a statement names), not only its
 * parameters: the compiler reads its values at plan time and the statement cache keys on them.
 */
export const DECIDES_SQL = { sluice: { decidesSql: true } } as const;

/** ORDER BY direction with explicit NULLS placement (PostgreSQL's default: NULLS LAST for ASC). */
export const OrderDirection = new GraphQLEnumType({
  name: 'OrderDirection',
  extensions: DECIDES_SQL,
  values: {
    ASC: { value: 'ASC', description: 'Ascending, nulls last.' },
    ASC_NULLS_FIRST: { value: 'ASC_NULLS_FIRST' },
    DESC: { value: 'DESC', description: 'Descending, nulls first.' },
    DESC_NULLS_LAST: { value: 'DESC_NULLS_LAST' },
    ASC_NULLS_LAST: { value: 'ASC_NULLS_LAST' },
    DESC_NULLS_FIRST: { value: 'DESC_NULLS_FIRST' },
  },
});

const listFilter = new GraphQLInputObjectType({
  name: 'ListFilter',
  description: 'Conditions on an array column.',
  fields: { isNull: { type: GraphQLBoolean } },
});

/** The JSON operators (jsonb's; a json column is compared as jsonb): docs/pg.md, "Queries". */
const JSON_FILTER_FIELDS: GraphQLInputFieldConfigMap = {
  contains: {
    type: GraphQLJSON,
    description: 'Contains this JSON (jsonb @>): {"a": 1} matches {"a": 1, "b": 2}.',
  },
  containedIn: { type: GraphQLJSON, description: 'Is contained in this JSON (jsonb <@).' },
  hasKey: {
    type: GraphQLString,
    description: 'Has this top-level key, or holds this string in an array (jsonb ?).',
  },
  hasAnyKeys: {
    type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
    description: 'Has at least one of these top-level keys (jsonb ?|).',
  },
  hasAllKeys: {
    type: new GraphQLList(new GraphQLNonNull(GraphQLString)),
    description: 'Has all of these top-level keys (jsonb ?&).',
  },
};

export function createInputTypes(): InputTypes {
  const enumTypes = new Map<EnumModel, GraphQLEnumType>();
  const filters = new Map<string, GraphQLInputObjectType>();
  const wheres = new Map<TableModel, GraphQLInputObjectType>();
  const orderBys = new Map<TableModel, GraphQLInputObjectType | undefined>();
  const relationFilters = new Map<TableModel, GraphQLInputObjectType>();
  const orderableColumns = new Map<TableModel, GraphQLEnumType | undefined>();
  const aggregateOrders = new Map<TableModel, GraphQLInputObjectType>();
  const havings = new Map<TableModel, GraphQLInputObjectType>();

  const enumType = (e: EnumModel): GraphQLEnumType => {
    let type = enumTypes.get(e);
    if (!type) {
      type = new GraphQLEnumType({
        name: e.typeName,
        description: e.description,
        values: Object.fromEntries([...e.values].map(([name, label]) => [name, { value: label }])),
      });
      enumTypes.set(e, type);
    }
    return type;
  };
  const scalar = (column: ColumnModel) =>
    column.scalar === 'enum' && column.enumModel
      ? enumType(column.enumModel)
      : SCALARS[column.scalar === 'enum' ? 'String' : column.scalar];

  const keyArgument = (column: ColumnModel): KeyType =>
    new GraphQLNonNull(column.isArray ? new GraphQLList(scalar(column)) : scalar(column));

  const filterFor = (column: ColumnModel): GraphQLInputObjectType => {
    if (column.isArray && !hasArrayOperators(column)) return listFilter;
    const type = scalar(column);
    const search = column.textSearch?.kind;
    const name = column.isArray
      ? `${type.name}ListFilter`
      : search === 'tsvector'
        ? 'FullTextFilter'
        : search === 'expression'
          ? 'StringSearchFilter'
          : column.scalar === 'JSON' || (column.equality && column.ordering)
            ? `${type.name}Filter`
            : `${type.name}${column.equality ? 'Equality' : 'Text'}Filter`;
    let filter = filters.get(name);
    if (!filter) {
      const fields: GraphQLInputFieldConfigMap = {};
      if (column.isArray) Object.assign(fields, arrayFilterFields(type));
      else if (search === 'tsvector') Object.assign(fields, MATCHES_FIELD);
      else if (column.scalar === 'JSON') Object.assign(fields, JSON_FILTER_FIELDS);
      else {
        // Only the operators PostgreSQL has for the type: `point`, `xml`, … have no `=`.
        if (column.equality) {
          Object.assign(fields, {
            eq: {
              type,
              description: 'Equal to. A null operand means no condition (as for every operator).',
            },
            neq: { type },
            in: { type: new GraphQLList(new GraphQLNonNull(type)) },
            notIn: { type: new GraphQLList(new GraphQLNonNull(type)) },
          });
        }
        if (column.ordering) {
          Object.assign(fields, { lt: { type }, lte: { type }, gt: { type }, gte: { type } });
        }
        if (column.scalar === 'String') {
          Object.assign(fields, {
            like: {
              type,
              description: 'SQL LIKE: % matches any run of characters, _ one character.',
            },
            ilike: { type, description: 'LIKE, ignoring case.' },
          });
        }
        if (search === 'expression') Object.assign(fields, MATCHES_FIELD);
      }
      fields['isNull'] = {
        type: GraphQLBoolean,
        description: 'true: IS NULL, false: IS NOT NULL.',
      };
      filter = new GraphQLInputObjectType({ name, fields });
      filters.set(name, filter);
    }
    return filter;
  };

  const relationFilter = (table: TableModel): GraphQLInputObjectType => {
    let filter = relationFilters.get(table);
    if (!filter) {
      filter = new GraphQLInputObjectType({
        name: `${table.typeName}RelationFilter`,
        description: `Conditions on the related ${table.typeName} rows.`,
        fields: () => ({
          some: { type: where(table), description: 'At least one related row matches.' },
          every: {
            type: where(table),
            description: 'Every related row matches (true when there are none).',
          },
          none: { type: where(table), description: 'No related row matches.' },
        }),
      });
      relationFilters.set(table, filter);
    }
    return filter;
  };

  const where = (table: TableModel): GraphQLInputObjectType => {
    let type = wheres.get(table);
    if (!type) {
      type = new GraphQLInputObjectType({
        name: `${table.typeName}Where`,
        description: `Conditions on ${table.typeName} rows; all the given ones must hold.`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const column of table.columns.values())
            fields[column.fieldName] = { type: filterFor(column) };
          for (const [name, relation] of table.relationFilters) {
            fields[name] = {
              type: relation.toOne ? where(relation.target) : relationFilter(relation.target),
            };
          }
          const me = where(table);
          fields['and'] = {
            type: new GraphQLList(new GraphQLNonNull(me)),
            description: 'All of these hold.',
          };
          fields['or'] = {
            type: new GraphQLList(new GraphQLNonNull(me)),
            description: 'At least one of these holds.',
          };
          fields['not'] = { type: me, description: 'This does not hold.' };
          return fields;
        },
      });
      wheres.set(table, type);
    }
    return type;
  };

  const orderBy = (table: TableModel): GraphQLInputObjectType | undefined => {
    if (!orderBys.has(table)) {
      const orderable = [...table.columns.values()].filter((c) => c.orderable);
      orderBys.set(
        table,
        orderable.length === 0
          ? undefined
          : new GraphQLInputObjectType({
              name: `${table.typeName}OrderBy`,
              description:
                'One sort key: give exactly one field per list item, e.g. [{ name: ASC }, { id: DESC }]; a to-one relation sorts by a column of the related row: [{ author: { name: ASC } }].',
              fields: () => ({
                ...Object.fromEntries(
                  orderable.map((c) => [c.fieldName, { type: OrderDirection }]),
                ),
                ...relatedOrderFields(table),
              }),
            }),
      );
    }
    return orderBys.get(table);
  };

  /**
   * A to-one relation sorts by its target's OrderBy (at most one field set, as at the top); a
   * to-many one by an aggregate of its rows (`{ posts: { count: DESC } }`).
   */
  const relatedOrderFields = (table: TableModel): GraphQLInputFieldConfigMap => {
    const fields: GraphQLInputFieldConfigMap = {};
    for (const [name, relation] of table.relationFilters) {
      const target = relation.toOne ? orderBy(relation.target) : aggregateOrder(relation.target);
      if (target) fields[name] = { type: target };
    }
    return fields;
  };

  const aggregateOrder = (table: TableModel): GraphQLInputObjectType => {
    let type = aggregateOrders.get(table);
    if (!type) {
      const fields: GraphQLInputFieldConfigMap = {
        count: { type: OrderDirection, description: 'The number of related rows.' },
      };
      for (const fn of ORDER_FUNCTIONS) {
        const columns = [...table.columns.values()].filter(
          (c) => c.orderable && aggregateScalar(fn, c) !== undefined,
        );
        if (columns.length === 0) continue;
        const Fn = fn.charAt(0).toUpperCase() + fn.slice(1);
        fields[fn] = {
          type: new GraphQLInputObjectType({
            name: `${table.typeName}${Fn}AggregateOrderBy`,
            description: `Sorts by ${fn} of one column of the related ${table.typeName} rows (NULL when there are none): set exactly one.`,
            fields: Object.fromEntries(columns.map((c) => [c.fieldName, { type: OrderDirection }])),
          }),
        };
      }
      type = new GraphQLInputObjectType({
        name: `${table.typeName}AggregateOrderBy`,
        description: `Sorts by an aggregate of the related ${table.typeName} rows: set exactly one field.`,
        fields,
      });
      aggregateOrders.set(table, type);
    }
    return type;
  };

  /**
   * A group's conditions, shaped like `<Type>Where`: `count` and each function's columns take the
   * filter of the function's value (`count: IntFilter`, `sum: { views: BigFloatFilter }`), `and`,
   * `or` and `not` combine them.
   */
  const having = (table: TableModel): GraphQLInputObjectType => {
    let type = havings.get(table);
    if (!type) {
      const fields: GraphQLInputFieldConfigMap = {
        count: { type: filterFor(COUNT_COLUMN), description: 'The number of rows of the group.' },
      };
      for (const fn of AGGREGATE_FUNCTIONS) {
        const columns = [...table.columns.values()].filter(
          (c) => aggregateScalar(fn, c) !== undefined,
        );
        if (columns.length === 0) continue;
        const Fn = fn.charAt(0).toUpperCase() + fn.slice(1);
        fields[fn] = {
          type: new GraphQLInputObjectType({
            name: `${table.typeName}${Fn}AggregateHaving`,
            description: `Conditions on ${fn} of columns of the group's ${table.typeName} rows.`,
            fields: Object.fromEntries(
              columns.map((c) => [c.fieldName, { type: filterFor(functionColumn(fn, c)) }]),
            ),
          }),
        };
      }
      const me = (): GraphQLInputObjectType => having(table);
      type = new GraphQLInputObjectType({
        name: `${table.typeName}AggregateHaving`,
        description: `Conditions on a group of ${table.typeName} rows (SQL HAVING); all the given ones must hold.`,
        fields: () => ({
          ...fields,
          and: {
            type: new GraphQLList(new GraphQLNonNull(me())),
            description: 'All of these hold.',
          },
          or: {
            type: new GraphQLList(new GraphQLNonNull(me())),
            description: 'At least one of these holds.',
          },
          not: { type: me(), description: 'This does not hold.' },
        }),
      });
      havings.set(table, type);
    }
    return type;
  };

  const orderableColumn = (table: TableModel): GraphQLEnumType | undefined => {
    if (!orderableColumns.has(table)) {
      const values = [...table.orderableColumns.keys()];
      orderableColumns.set(
        table,
        values.length === 0
          ? undefined
          : new GraphQLEnumType({
              name: `${table.typeName}OrderableColumn`,
              description: `An orderable column of ${table.typeName}, for distinctOn and groupBy.`,
              values: Object.fromEntries(values.map((v) => [v, { value: v }])),
              extensions: DECIDES_SQL,
            }),
      );
    }
    return orderableColumns.get(table);
  };

  return { where, orderBy, orderableColumn, having, scalar, keyArgument, enumType };
}
