-- 12_error_check.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = input level 0 (Transaction) p
-- statement 1: $2 = input level 0 (Transaction) g0.c0
-- statement 1: $3 = input level 0 (Transaction) g0.c1
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."int4"[], $3::text::"pg_catalog"."numeric"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."transactions" ("contract_id", "amount") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i)
SELECT (
  SELECT row_to_json("s2".*)
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
