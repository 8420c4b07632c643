import type { SqlClient } from '../driver/SqlClient.js';

/**
 * A short text that changes whenever DDL changes what `introspect` reads in `schemas`: tables
 * and views, their columns, keys, types and enums, functions, and comments. Cheap enough to ask
 * every second: it reads the identity and the row version (`xmin`) of those catalog rows, not
 * their contents, so a rename, an added or dropped column or table, a changed column or domain
 * DEFAULT or a renamed sequence or function one names (writes spell defaults out: insertSql.ts), a
 * new constraint, index or comment all change it (an index can add full-text search to a text
 * column), and so do a new default operator class or a composite type's changed fields (what a
 * column's type can be compared with), while ANALYZE and VACUUM (which update pg_class in place)
 * do not. A change that turns out not to alter the schema (most new indexes) costs one
 * reflection.
 */
export async function catalogVersion(
  client: SqlClient,
  schemas: ReadonlyArray<string>,
): Promise<string> {
  const rows = await client.query(VERSION_QUERY, [schemas]);
  const version = rows[0]?.[0];
  return typeof version === 'string' ? version : '';
}

const VERSION_QUERY = `
WITH ns AS (
  SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = ANY($1::text[])
),
rels AS (
  SELECT c.oid, c.xmin FROM pg_catalog.pg_class c
  WHERE c.relnamespace IN (SELECT oid FROM ns) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
)
SELECT count(*)::text || ':' || md5(string_agg(v, ',' ORDER BY v)) FROM (
  SELECT 'r' || oid || '.' || xmin FROM rels
  UNION ALL
  SELECT 'a' || a.attrelid || '.' || a.attnum || '.' || a.xmin
  FROM pg_catalog.pg_attribute a WHERE a.attrelid IN (SELECT oid FROM rels) AND a.attnum > 0
  UNION ALL
  SELECT 'k' || k.oid || '.' || k.xmin
  FROM pg_catalog.pg_constraint k WHERE k.conrelid IN (SELECT oid FROM rels)
  UNION ALL
  SELECT 'i' || i.indexrelid || '.' || i.xmin
  FROM pg_catalog.pg_index i WHERE i.indrelid IN (SELECT oid FROM rels)
  UNION ALL
  SELECT 'f' || d.oid || '.' || d.xmin
  FROM pg_catalog.pg_attrdef d WHERE d.adrelid IN (SELECT oid FROM rels)
  UNION ALL
  -- The sequences, functions and types a default names, in any schema: renamed, its text changes.
  SELECT 'n' || dep.refobjid || '.' || coalesce(c.xmin, p.xmin, t.xmin)
  FROM pg_catalog.pg_attrdef d
  JOIN pg_catalog.pg_depend dep
    ON dep.classid = 'pg_catalog.pg_attrdef'::regclass AND dep.objid = d.oid
  LEFT JOIN pg_catalog.pg_class c
    ON dep.refclassid = 'pg_catalog.pg_class'::regclass AND c.oid = dep.refobjid
  LEFT JOIN pg_catalog.pg_proc p
    ON dep.refclassid = 'pg_catalog.pg_proc'::regclass AND p.oid = dep.refobjid
  LEFT JOIN pg_catalog.pg_type t
    ON dep.refclassid = 'pg_catalog.pg_type'::regclass AND t.oid = dep.refobjid
  WHERE d.adrelid IN (SELECT oid FROM rels) AND dep.refobjid <> d.adrelid
  UNION ALL
  -- The domains and enums of the schemas, and those (of any schema) a column is of.
  SELECT 't' || t.oid || '.' || t.xmin
  FROM pg_catalog.pg_type t WHERE t.typtype IN ('e', 'd') AND (t.typnamespace IN (SELECT oid FROM ns)
    OR t.oid IN (SELECT a.atttypid FROM pg_catalog.pg_attribute a
                 WHERE a.attrelid IN (SELECT oid FROM rels)))
  UNION ALL
  SELECT 'e' || e.oid || '.' || e.xmin
  FROM pg_catalog.pg_enum e JOIN pg_catalog.pg_type t ON t.oid = e.enumtypid
  WHERE t.typnamespace IN (SELECT oid FROM ns)
  UNION ALL
  SELECT 'p' || p.oid || '.' || p.xmin
  FROM pg_catalog.pg_proc p WHERE p.pronamespace IN (SELECT oid FROM ns)
  UNION ALL
  -- What says which operators a column's type has (introspect.ts, type_ops): the default operator
  -- classes, binary-coercible casts and the fields of composite types, in any schema.
  SELECT 'o' || oc.oid || '.' || oc.xmin FROM pg_catalog.pg_opclass oc WHERE oc.opcdefault
  UNION ALL
  SELECT 'b' || c.oid || '.' || c.xmin FROM pg_catalog.pg_cast c WHERE c.castmethod = 'b'
  UNION ALL
  SELECT 'y' || a.attrelid || '.' || a.attnum || '.' || a.xmin
  FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
  WHERE c.relkind = 'c' AND a.attnum > 0
  UNION ALL
  SELECT 'd' || d.objoid || '.' || d.objsubid || '.' || d.xmin
  FROM pg_catalog.pg_description d WHERE d.objoid IN (SELECT oid FROM rels)
) AS parts(v)`;
