-- 15_serial_fields.graphql: 2 statements in one transaction
-- statement 1: $1 = input level 0 (Tag) p
-- statement 1: $2 = input level 0 (Tag) g0.c0
-- statement 2: $1 = literal "renamed"
-- statement 2: $2 = literal "later"
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i0" AS (INSERT INTO "public"."tags" ("name") SELECT x."c0"
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
WITH u AS (UPDATE "public"."tags" AS "t1" SET "name" = $1::text::"pg_catalog"."text"
  WHERE "t1"."name" = $2
  RETURNING "t1"."id", "t1"."name")
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name"
    FROM u AS "t1"
    ORDER BY "t1"."id") AS "s2")::text;
