-- 13_error_not_null.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = input level 0 (Note) p
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[]) WITH ORDINALITY AS x("p", ord)),
"i0" AS (INSERT INTO "public"."notes" SELECT 
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
