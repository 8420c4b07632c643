-- 10_error_unique.graphql: 3 statements in one transaction
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.c0
-- statement 1: $3 = input level 0 (Customer) g0.c1
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i)
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i)
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
SET CONSTRAINTS ALL IMMEDIATE;
