import type { CatalogTable } from '../catalog/Catalog.js';
import { INVALIDATION_CHANNEL } from '../cache/createPgInvalidation.js';
import { quoteIdentifier } from '../sql/compileSql.js';
import { CHANGES_CHANNEL } from './createPgChanges.js';

/** The trigger's name on every table, and the function it calls (in the first schema). */
export const TRIGGER_NAME = 'sluice_changes';
export const FUNCTION_NAME = 'sluice_notify_change';

/** Past this, a payload goes without its keys (PostgreSQL refuses 8,000 bytes or more). */
export const MAX_CHANGE_PAYLOAD_BYTES = 7_900;

/**
 * The DDL that makes `tables` notify their changes on `sluice_changes`: one function that sends
 * `{"t":"schema.table","op":"INSERT","k":[[…primary key…]]}` for the row (OLD for a delete, NEW
 * otherwise), and one `AFTER INSERT OR UPDATE OR DELETE … FOR EACH ROW` trigger per table that
 * passes it the primary key's column names. A payload over MAX_CHANGE_PAYLOAD_BYTES goes
 * without `k`. The same trigger names the table on the result cache's channel, so a cache in any
 * process drops what the write changed (PostgreSQL sends identical notifications of a transaction
 * once). Idempotent: CREATE OR REPLACE and DROP TRIGGER IF EXISTS. DDL takes no bind parameters,
 * so names are quoted here: identifiers with `"` doubled, the trigger's arguments as literals
 * with `'` doubled (standard_conforming_strings, PostgreSQL's default since 9.1).
 */
export function changeTriggersSql(
  tables: ReadonlyArray<CatalogTable>,
  functionSchema: string,
): string {
  const fn = `${quoteIdentifier(functionSchema)}.${quoteIdentifier(FUNCTION_NAME)}`;
  const lines = [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $sluice$`,
    'DECLARE',
    "  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);",
    "  k jsonb := '[]';",
    '  c text;',
    "  t text := TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME;",
    '  ts text[];',
    '  p text;',
    'BEGIN',
    '  FOREACH c IN ARRAY TG_ARGV LOOP',
    // A number JavaScript cannot hold exactly (a bigint or numeric key past 2^53) goes as text.
    "    k := k || jsonb_build_array(CASE WHEN jsonb_typeof(r -> c) = 'number' AND length(r ->> c) > 15 THEN to_jsonb(r ->> c) ELSE r -> c END);",
    '  END LOOP;',
    // A partition's rows are its partitioned tables' too: their subscribers hear the change (the
    // trigger of a partitioned table fires on the partition, which TG_TABLE_NAME names).
    '  ts := ARRAY[t];',
    '  IF pg_catalog.pg_partition_root(TG_RELID) IS NOT NULL THEN',
    "    ts := ts || ARRAY(SELECT n.nspname || '.' || rel.relname",
    '        FROM pg_catalog.pg_partition_ancestors(TG_RELID) AS a(relid)',
    '        JOIN pg_catalog.pg_class rel ON rel.oid = a.relid',
    '        JOIN pg_catalog.pg_namespace n ON n.oid = rel.relnamespace',
    '        WHERE a.relid <> TG_RELID);',
    '  END IF;',
    '  FOREACH t IN ARRAY ts LOOP',
    "    p := jsonb_build_object('t', t, 'op', TG_OP, 'k', jsonb_build_array(k))::text;",
    `    IF octet_length(p) > ${MAX_CHANGE_PAYLOAD_BYTES} THEN`,
    "      p := jsonb_build_object('t', t, 'op', TG_OP)::text;",
    '    END IF;',
    `    PERFORM pg_notify('${CHANGES_CHANNEL}', p);`,
    `    PERFORM pg_notify('${INVALIDATION_CHANNEL}', jsonb_build_array(t)::text);`,
    '  END LOOP;',
    '  RETURN NULL;',
    'END',
    '$sluice$;',
  ];
  const trigger = quoteIdentifier(TRIGGER_NAME);
  for (const table of tables) {
    const on = `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
    const keys = table.primaryKey.map(quoteLiteral).join(', ');
    // Partitioned tables: a partitioned table's trigger is cloned onto its partitions, and a
    // partition's clone can be neither dropped nor made twice. A partition that has the clone is
    // left to its table; a partitioned table first drops the triggers its partitions have of
    // their own (made when a partition came first), which would block the clone.
    lines.push(
      '',
      'DO $sluice$',
      'DECLARE',
      `  r regclass := ${quoteLiteral(on)}::regclass;`,
      '  c regclass;',
      'BEGIN',
      `  IF EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = r AND tgname = ${quoteLiteral(TRIGGER_NAME)} AND tgparentid <> 0) THEN`,
      '    RETURN;',
      '  END IF;',
      '  FOR c IN SELECT g.tgrelid::regclass FROM pg_catalog.pg_partition_tree(r) AS pt',
      `      JOIN pg_catalog.pg_trigger g ON g.tgrelid = pt.relid AND g.tgname = ${quoteLiteral(TRIGGER_NAME)}`,
      '      WHERE pt.relid <> r AND g.tgparentid = 0 LOOP',
      `    EXECUTE format('DROP TRIGGER %I ON %s', ${quoteLiteral(TRIGGER_NAME)}, c);`,
      '  END LOOP;',
      `  DROP TRIGGER IF EXISTS ${trigger} ON ${on};`,
      `  CREATE TRIGGER ${trigger} AFTER INSERT OR UPDATE OR DELETE ON ${on}`,
      `    FOR EACH ROW EXECUTE FUNCTION ${fn}(${keys});`,
      'END',
      '$sluice$;',
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * The DDL that removes what changeTriggersSql made; with `dropFunction`, the function too, last
 * (RESTRICT: it stays while a table not named still uses it, and the script fails).
 */
export function dropChangeTriggersSql(
  tables: ReadonlyArray<CatalogTable>,
  functionSchema: string,
  dropFunction: boolean,
): string {
  // A partition's clone of its partitioned table's trigger goes with that table's.
  const lines = tables.map((table) => {
    const on = `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
    return [
      'DO $sluice$',
      'BEGIN',
      `  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = ${quoteLiteral(on)}::regclass AND tgname = ${quoteLiteral(TRIGGER_NAME)} AND tgparentid <> 0) THEN`,
      `    DROP TRIGGER IF EXISTS ${quoteIdentifier(TRIGGER_NAME)} ON ${on};`,
      '  END IF;',
      'END',
      '$sluice$;',
    ].join('\n');
  });
  if (dropFunction)
    lines.push(
      `DROP FUNCTION IF EXISTS ${quoteIdentifier(functionSchema)}.${quoteIdentifier(FUNCTION_NAME)}() RESTRICT;`,
    );
  return lines.join('\n') + '\n';
}

/** The tables a trigger can serve: ordinary tables with a primary key. */
export function triggerTables(
  tables: ReadonlyArray<CatalogTable>,
  names?: ReadonlyArray<string>,
): { tables: CatalogTable[]; unknown: string[] } {
  const usable = tables.filter((t) => t.kind === 'table' && t.primaryKey.length > 0);
  if (names === undefined) return { tables: usable, unknown: [] };
  const found: CatalogTable[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const table = usable.find((t) => name === t.name || name === `${t.schema}.${t.name}`);
    if (table === undefined) unknown.push(name);
    else if (!found.includes(table)) found.push(table);
  }
  return { tables: found, unknown };
}

function quoteLiteral(text: string): string {
  if (text.includes('\0')) throw new Error('A name must not contain NUL');
  return `'${text.replaceAll("'", "''")}'`;
}
