import { createHash } from 'node:crypto';
import { join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, TableModel } from '../schema/Model.js';
import { textProblem } from '../schema/pgInput.js';
import { tieBreakers } from '../schema/tieBreakers.js';
import {
  isOpaqueTexts,
  keyTextSql,
  keyValueSql,
  opaqueTextSql,
  parseOpaqueText,
} from './opaqueText.js';
import {
  keyIdentity,
  keyNotNull,
  orderKeyRef,
  readOrderItem,
  sameKey,
  type OrderKey,
} from './orderKeySql.js';
import { badInput, Param, type Variables } from './Param.js';
import type { ArgValue } from './readArgument.js';

export type { OrderKey } from './orderKeySql.js';

/**
 * The sort keys of a list: the `distinctOn` columns first (PostgreSQL's DISTINCT ON keeps the
 * first row of each group in this order), each in the direction an `orderBy` item gives it, else
 * ascending; then the other `orderBy` items in order; then the tie-breakers not already used
 * (`tieBreakers`), so pages are deterministic; without either the order is the tie-breakers'.
 */
export function orderKeys(
  table: TableModel,
  orderBy: ArgValue,
  distinctOn: ReadonlyArray<ColumnModel> = [],
): OrderKey[] {
  const given: OrderKey[] = [];
  const items = orderBy === null ? [] : Array.isArray(orderBy) ? orderBy : [orderBy];
  for (const item of items) {
    const { path, column, aggregate, direction } = readOrderItem(table, item);
    const desc = direction.startsWith('DESC');
    const nullsFirst =
      direction.endsWith('NULLS_FIRST') || (desc && !direction.endsWith('NULLS_LAST'));
    if (!given.some((k) => sameKey(k, { path, column, aggregate })))
      given.push({ path, column, aggregate, desc, nullsFirst });
  }
  const keys: OrderKey[] = distinctOn.map(
    (column) =>
      given.find((k) => sameKey(k, { path: [], column })) ?? {
        path: [],
        column,
        desc: false,
        nullsFirst: false,
      },
  );
  for (const key of given) if (!keys.includes(key)) keys.push(key);
  for (const column of tieBreakers(table)) {
    if (!keys.some((k) => sameKey(k, { path: [], column })))
      keys.push({ path: [], column, desc: false, nullsFirst: false });
  }
  return keys;
}

export function reversed(keys: ReadonlyArray<OrderKey>): OrderKey[] {
  return keys.map((k) => ({ ...k, desc: !k.desc, nullsFirst: !k.nullsFirst }));
}

/** `ORDER BY` items; NULLS is written only where it differs from PostgreSQL's default. */
export function orderBySql(alias: string, keys: ReadonlyArray<OrderKey>): SqlNode {
  return join(
    keys.map((key) => {
      const { desc, nullsFirst } = key;
      const ref = orderKeyRef(alias, key);
      if (desc) return nullsFirst ? sql`${ref} DESC` : sql`${ref} DESC NULLS LAST`;
      return nullsFirst ? sql`${ref} ASC NULLS FIRST` : sql`${ref} ASC`;
    }),
  );
}

/**
 * What a cursor is valid for: the list's table, its `distinctOn` columns and its sort keys
 * (columns, directions, NULLS placement). A cursor carries it, so a cursor made under another
 * `orderBy` (or `distinctOn`) is refused instead of silently giving a wrong page (its values would
 * be compared against the wrong columns or in the wrong direction). A short hash: it only has to
 * tell orderings apart, not hide them.
 */
export function orderSignature(
  table: TableModel,
  keys: ReadonlyArray<OrderKey>,
  distinctOn: ReadonlyArray<ColumnModel> = [],
): string {
  const parts = [table.table.schema, table.table.name];
  // Written only when given, so the cursors of lists without distinctOn keep their signature.
  if (distinctOn.length > 0) parts.push('distinct', ...distinctOn.map((c) => c.name), '');
  for (const k of keys) parts.push(...keyIdentity(k), k.desc ? 'd' : 'a', k.nullsFirst ? 'f' : 'l');
  return createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 10);
}

/**
 * An opaque cursor: base64 of the JSON array [ordering signature, the row's sort key values as
 * text…] (text keeps int8/numeric/timestamps exact; base64's line breaks are removed). The
 * signature is a bind parameter like every other value. Dates and times are written in JSON's
 * ISO 8601 form, which does not depend on the session's DateStyle, so `decodeCursor` can check
 * them.
 */
export function cursorSql(
  alias: string,
  keys: ReadonlyArray<OrderKey>,
  signature: string,
): SqlNode {
  return opaqueTextSql([
    sql`${signature}::text`,
    ...keys.map((k) => keyTextSql(orderKeyRef(alias, k), k.column)),
  ]);
}

/**
 * The sort key values of a cursor made by `cursorSql` under `signature`, or BAD_USER_INPUT: also
 * when a value is not one of its key column's type (a forged cursor PostgreSQL would refuse), or
 * is NULL where the key never is (a forged cursor that would silently give an empty page).
 */
export function decodeCursor(
  cursor: unknown,
  signature: string,
  keys: ReadonlyArray<OrderKey>,
): Array<string | null> {
  const length = keys.length;
  if (typeof cursor !== 'string') throw badInput('Invalid cursor.');
  const values = parseOpaqueText(cursor);
  if (values === undefined) {
    throw badInput(`Invalid cursor: ${JSON.stringify(cursor.slice(0, 40))}.`);
  }
  if (!isOpaqueTexts(values)) {
    throw badInput('Invalid cursor: it was not made by this list with this orderBy.');
  }
  if (values[0] !== signature || values.length !== length + 1) {
    throw badInput(
      'Invalid cursor: it was made under a different orderBy (or for another list); request the first page again with this orderBy.',
    );
  }
  const keyValues = values.slice(1) as Array<string | null>;
  keyValues.forEach((value, i) => {
    const key = keys[i] as OrderKey;
    // NULL for a key that is never NULL would make the keyset condition NULL: an empty page.
    if (value === null ? keyNotNull(key) : textProblem(key.column, value) !== undefined)
      throw badInput('Invalid cursor: it was not made by this list with this orderBy.');
  });
  return keyValues;
}

/**
 * Keyset condition (rows strictly after the cursor in `keys` order; pass reversed keys for
 * "before"). Cursor values are text parameters cast to the column's type. When every key is NOT
 * NULL and goes the same way, a row comparison `(a, b) > (x, y)` lets PostgreSQL use an index;
 * otherwise the expanded form a > x OR (a = x AND b > y) …, NULL-aware for nullable columns.
 */
export function keysetSql(
  alias: string,
  keys: ReadonlyArray<OrderKey>,
  cursor: Param,
  signature: string,
): SqlNode {
  // Every key's parameter reads the same cursor: decode (and check) it once, not once per key.
  // The decoding is a pure function of the cursor text, so the last one is kept by that text.
  let last: { readonly text: unknown; readonly values: Array<string | null> } | undefined;
  const decoded = (vars: Variables): Array<string | null> => {
    const text = cursor.read(vars);
    if (last === undefined || last.text !== text)
      last = { text, values: decodeCursor(text, signature, keys) };
    return last.values;
  };
  const values = keys.map(
    (_, i) =>
      new Param((vars) => decoded(vars)[i] ?? null, `${cursor.label} (cursor key ${i + 1})`),
  );
  const typed = (i: number) => keyValueSql(values[i] as Param, (keys[i] as OrderKey).column);
  const first = keys[0];
  if (first && keys.every((k) => keyNotNull(k) && k.desc === first.desc)) {
    const refs = join(keys.map((k) => orderKeyRef(alias, k)));
    const vals = join(keys.map((_, i) => typed(i)));
    return first.desc ? sql`(${refs}) < (${vals})` : sql`(${refs}) > (${vals})`;
  }
  const after = (k: OrderKey, i: number): SqlNode => {
    const ref = orderKeyRef(alias, k);
    const cmp = k.desc ? sql`${ref} < ${typed(i)}` : sql`${ref} > ${typed(i)}`;
    if (keyNotNull(k)) return cmp;
    const v = values[i] as Param;
    // NULLs sort after every value (nullsFirst false) or before every value (nullsFirst true).
    return k.nullsFirst
      ? sql`(${ref} IS NOT NULL AND (${v}::text IS NULL OR ${cmp}))`
      : sql`(${v}::text IS NOT NULL AND (${cmp} OR ${ref} IS NULL))`;
  };
  const equal = (k: OrderKey, i: number): SqlNode =>
    keyNotNull(k)
      ? sql`${orderKeyRef(alias, k)} = ${typed(i)}`
      : sql`${orderKeyRef(alias, k)} IS NOT DISTINCT FROM ${typed(i)}`;
  const branches = keys.map((k, i) => join([...keys.slice(0, i).map(equal), after(k, i)], ' AND '));
  return sql`(${join(
    branches.map((b) => sql`(${b})`),
    ' OR ',
  )})`;
}
