import type { SqlClient } from '../driver/SqlClient.js';
import type { Catalog } from './Catalog.js';

/**
 * Reads tables, views, columns, keys and enums of the given schemas from `pg_catalog` in one
 * statement. Domains are read as their base type; array columns as lists of their element type.
 * It runs after a setup that empties the `search_path` for its transaction, so that the column
 * defaults it decompiles name every schema (the statements that write them run under any
 * `search_path`); a driver that ran no setup gives no defaults (CatalogColumn.default).
 */
export async function introspect(
  client: SqlClient,
  schemas: ReadonlyArray<string>,
): Promise<Catalog> {
  const rows = await client.query(CATALOG_QUERY, [schemas], { setup: EMPTY_SEARCH_PATH });
  const json = rows[0]?.[0];
  if (typeof json !== 'string') throw new Error('Catalog query returned no result');
  return JSON.parse(json) as Catalog;
}

const EMPTY_SEARCH_PATH = {
  text: "SELECT pg_catalog.set_config('search_path', '', true)",
  values: [],
};

// pg_class.relkind: r table, p partitioned table, v view, m materialized view, f foreign table.
// pg_constraint.contype: p primary key, u unique, f foreign key. conkey/confkey are attnum arrays.
const CATALOG_QUERY = `
WITH RECURSIVE rels AS (
  SELECT c.oid, n.nspname AS schema, c.relname AS name, c.relkind, c.relrowsecurity,
         c.relhassubclass, obj_description(c.oid, 'pg_class') AS comment
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = ANY($1::text[]) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
),
-- Every domain with the type it is over in the end (through domains over domains).
domain_chain(oid, base, base_kind) AS (
  SELECT t.oid, b.oid, b.typtype
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_type b ON b.oid = t.typbasetype
  WHERE t.typtype = 'd'
  UNION ALL
  SELECT c.oid, b.oid, b.typtype
  FROM domain_chain c
  JOIN pg_catalog.pg_type d ON d.oid = c.base
  JOIN pg_catalog.pg_type b ON b.oid = d.typbasetype
  WHERE c.base_kind = 'd'
),
domain_bases AS (SELECT oid, base FROM domain_chain WHERE base_kind <> 'd'),
cols AS (
  SELECT a.attrelid, a.attnum, a.attname, a.attnotnull, a.attidentity, a.attgenerated,
         -- A domain's DEFAULT (a domain over one with a default inherits it) is the default of a
         -- column of that type without one of its own: an INSERT that leaves it out stores it.
         a.atthasdef OR (t.typtype = 'd' AND t.typdefaultbin IS NOT NULL) AS atthasdef,
         -- That default's expression, read only where no schema is on the search_path (so every
         -- name in it is qualified): else NULL, and writes group rows by it (createInput.ts).
         -- A generated column's pg_attrdef row is its generation expression, not a default.
         CASE WHEN cardinality(pg_catalog.current_schemas(false)) = 0 AND a.attgenerated = ''
           THEN coalesce(
             (SELECT pg_catalog.pg_get_expr(d.adbin, d.adrelid) FROM pg_catalog.pg_attrdef d
              WHERE d.adrelid = a.attrelid AND d.adnum = a.attnum),
             CASE WHEN t.typtype = 'd' THEN pg_catalog.pg_get_expr(t.typdefaultbin, 0) END)
         END AS default_expr,
         col_description(a.attrelid, a.attnum) AS comment, t.typtype = 'd' AS is_domain,
         -- A domain is read as its base type; an array as its element type.
         coalesce((SELECT db.base FROM domain_bases db WHERE db.oid = t.oid), t.oid) AS typid
  FROM pg_catalog.pg_attribute a
  JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
  WHERE a.attrelid IN (SELECT oid FROM rels) AND a.attnum > 0 AND NOT a.attisdropped
),
col_types AS (
  SELECT cols.*, t.typcategory = 'A' AS is_array,
         -- An array's element of a domain is read as the domain's base type too; the element
         -- type as declared stays the one SQL casts to (decl_oid).
         CASE WHEN t.typcategory = 'A'
           THEN coalesce((SELECT db.base FROM domain_bases db WHERE db.oid = e.oid), e.oid)
           ELSE t.oid END AS elem_oid,
         CASE WHEN t.typcategory = 'A' THEN e.oid ELSE t.oid END AS decl_oid
  FROM cols
  JOIN pg_catalog.pg_type t ON t.oid = cols.typid
  LEFT JOIN pg_catalog.pg_type e ON e.oid = t.typelem
),
-- What PostgreSQL can compare a column's (element) type with, as it looks operators up: equality
-- (=, IN, DISTINCT, GROUP BY) with a default btree or hash operator class, an order (<, ORDER BY,
-- min/max) with a default btree one; the class of the type itself, of a type it is implicitly
-- binary-coercible to (varchar: text's; not xml, whose cast to text is explicit), or the
-- polymorphic one of enums, ranges and multiranges. A domain has its base type's; an array or a
-- composite has them when every element or field type has (array and record comparison look
-- them up per value: "could not identify an equality operator for type point"). type_parts holds
-- each column type's leaf types, through domains, arrays and fields.
type_parts(root, oid) AS (
  SELECT DISTINCT elem_oid, elem_oid FROM col_types
  UNION
  SELECT p.root, x.oid
  FROM type_parts p
  JOIN pg_catalog.pg_type t ON t.oid = p.oid
  CROSS JOIN LATERAL (
    SELECT t.typbasetype WHERE t.typtype = 'd'
    UNION ALL
    SELECT t.typelem WHERE t.typtype <> 'd' AND t.typcategory = 'A' AND t.typelem <> 0
    UNION ALL
    SELECT a.atttypid FROM pg_catalog.pg_attribute a
    WHERE t.typtype = 'c' AND a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped
  ) AS x(oid)
),
leaf_classes(leaf, am) AS (
  SELECT DISTINCT t.oid, am.amname
  FROM (SELECT DISTINCT oid FROM type_parts) AS p
  JOIN pg_catalog.pg_type t ON t.oid = p.oid
  JOIN pg_catalog.pg_opclass oc ON oc.opcdefault
  JOIN pg_catalog.pg_am am ON am.oid = oc.opcmethod AND am.amname IN ('btree', 'hash')
  JOIN pg_catalog.pg_type it ON it.oid = oc.opcintype
  WHERE oc.opcintype = t.oid
    OR (it.typnamespace = 'pg_catalog'::regnamespace AND it.typname = CASE t.typtype
          WHEN 'e' THEN 'anyenum' WHEN 'r' THEN 'anyrange' WHEN 'm' THEN 'anymultirange' END)
    OR EXISTS (SELECT FROM pg_catalog.pg_cast c
               WHERE c.castsource = t.oid AND c.casttarget = oc.opcintype AND c.castmethod = 'b'
                 AND c.castcontext = 'i')
),
type_ops AS (
  SELECT p.root,
         bool_and(EXISTS (SELECT FROM leaf_classes lc WHERE lc.leaf = t.oid)) AS equality,
         bool_and(EXISTS (SELECT FROM leaf_classes lc WHERE lc.leaf = t.oid AND lc.am = 'btree'))
           AS ordering
  FROM type_parts p
  JOIN pg_catalog.pg_type t ON t.oid = p.oid
  WHERE t.typtype NOT IN ('d', 'c') AND NOT (t.typcategory = 'A' AND t.typelem <> 0)
  GROUP BY p.root
),
-- Expression indexes that can serve full-text search: one column, no predicate, GIN or GiST.
fts AS (
  SELECT i.indrelid, pg_catalog.pg_get_indexdef(i.indexrelid, 1, false) AS def
  FROM pg_catalog.pg_index i
  JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_catalog.pg_am am ON am.oid = ic.relam
  WHERE i.indrelid IN (SELECT oid FROM rels) AND i.indnatts = 1 AND i.indexprs IS NOT NULL
    AND i.indpred IS NULL AND am.amname IN ('gin', 'gist')
),
attname AS (
  SELECT attrelid, attnum, attname FROM pg_catalog.pg_attribute WHERE attnum > 0
)
SELECT json_build_object(
  'tables', COALESCE((SELECT json_agg(json_build_object(
    'schema', r.schema,
    'name', r.name,
    'kind', CASE r.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materializedView'
                           WHEN 'f' THEN 'foreignTable' ELSE 'table' END,
    'comment', r.comment,
    'rowSecurity', r.relrowsecurity,
    -- An ordinary table that others INHERIT from (relhassubclass; a partitioned table's
    -- partitions are its rows, and are read through it).
    'inheritanceParent', r.relkind = 'r' AND r.relhassubclass,
    'columns', COALESCE((SELECT json_agg(json_build_object(
        'name', ct.attname,
        'notNull', ct.attnotnull,
        'comment', ct.comment,
        'hasDefault', ct.atthasdef OR ct.attidentity <> '',
        'default', ct.default_expr,
        'identity', CASE ct.attidentity WHEN 'a' THEN 'always' WHEN 'd' THEN 'byDefault' END,
        'generated', ct.attgenerated <> '',
        'textSearchConfig', (SELECT min(cfg.cfgname)
          FROM fts, pg_catalog.pg_ts_config cfg
          WHERE fts.indrelid = ct.attrelid AND NOT ct.is_array
            AND cfg.cfgnamespace = 'pg_catalog'::regnamespace
            AND fts.def = format('to_tsvector(%L::regconfig, %s)', cfg.cfgname, quote_ident(ct.attname))),
        'type', json_build_object('name', et.typname, 'schema', en.nspname,
                                  'isArray', ct.is_array, 'isEnum', et.typtype = 'e',
                                  'isDomain', ct.is_domain,
                                  'output', json_build_array(opn.nspname, op.proname),
                                  'equality', coalesce(ops.equality, true),
                                  'ordering', coalesce(ops.ordering, true),
                                  'sqlType', CASE WHEN ct.decl_oid <> ct.elem_oid
                                    THEN json_build_array(dn.nspname, dt.typname) END)
      ) ORDER BY ct.attnum)
      FROM col_types ct
      JOIN pg_catalog.pg_type et ON et.oid = ct.elem_oid
      JOIN pg_catalog.pg_namespace en ON en.oid = et.typnamespace
      JOIN pg_catalog.pg_type dt ON dt.oid = ct.decl_oid
      JOIN pg_catalog.pg_namespace dn ON dn.oid = dt.typnamespace
      JOIN pg_catalog.pg_proc op ON op.oid = et.typoutput
      JOIN pg_catalog.pg_namespace opn ON opn.oid = op.pronamespace
      LEFT JOIN type_ops ops ON ops.root = ct.elem_oid
      WHERE ct.attrelid = r.oid), '[]'),
    'primaryKey', COALESCE((SELECT json_agg(an.attname ORDER BY k.ord)
      FROM pg_catalog.pg_constraint pk, unnest(pk.conkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN attname an ON an.attnum = k.attnum
      WHERE pk.conrelid = r.oid AND pk.contype = 'p' AND an.attrelid = r.oid), '[]'),
    'uniqueKeys', COALESCE((SELECT json_agg((
        SELECT json_agg(an.attname ORDER BY k.ord)
        FROM unnest(u.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN attname an ON an.attnum = k.attnum AND an.attrelid = r.oid
      ) ORDER BY u.conname)
      FROM pg_catalog.pg_constraint u WHERE u.conrelid = r.oid AND u.contype = 'u'), '[]'),
    'keyConstraints', COALESCE((SELECT json_agg(json_build_object(
        'name', u.conname,
        'primary', u.contype = 'p',
        'columns', (SELECT json_agg(an.attname ORDER BY k.ord)
                    FROM unnest(u.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN attname an ON an.attnum = k.attnum AND an.attrelid = r.oid)
      ) ORDER BY u.contype, u.conname)
      FROM pg_catalog.pg_constraint u WHERE u.conrelid = r.oid AND u.contype IN ('p', 'u')), '[]'),
    'foreignKeys', COALESCE((SELECT json_agg(json_build_object(
        'name', f.conname,
        'comment', obj_description(f.oid, 'pg_constraint'),
        'columns', (SELECT json_agg(an.attname ORDER BY k.ord)
                    FROM unnest(f.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN attname an ON an.attnum = k.attnum AND an.attrelid = f.conrelid),
        'foreignSchema', fn.nspname,
        'foreignTable', fc.relname,
        'validated', f.convalidated,
        'foreignColumns', (SELECT json_agg(an.attname ORDER BY k.ord)
                           FROM unnest(f.confkey) WITH ORDINALITY AS k(attnum, ord)
                           JOIN attname an ON an.attnum = k.attnum AND an.attrelid = f.confrelid)
      ) ORDER BY f.conname)
      FROM pg_catalog.pg_constraint f
      JOIN pg_catalog.pg_class fc ON fc.oid = f.confrelid
      JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace
      WHERE f.conrelid = r.oid AND f.contype = 'f'), '[]')
  ) ORDER BY r.schema, r.name) FROM rels r), '[]'),
  'enums', COALESCE((SELECT json_agg(json_build_object(
    'schema', n.nspname,
    'name', t.typname,
    'comment', obj_description(t.oid, 'pg_type'),
    'labels', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder)
               FROM pg_catalog.pg_enum e WHERE e.enumtypid = t.oid)
  ) ORDER BY n.nspname, t.typname)
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
  WHERE t.typtype = 'e'
    AND (n.nspname = ANY($1::text[]) OR t.oid IN (SELECT elem_oid FROM col_types))), '[]')
)::text`;
