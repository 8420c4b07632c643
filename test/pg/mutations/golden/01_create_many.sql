-- 01_create_many.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.c0
-- statement 1: $3 = input level 0 (Customer) g0.c1
-- statement 1: $4 = input level 0 (Customer) g0.c2
-- statement 1: $5 = input level 0 (Customer) g0.c3
-- statement 1: $6 = input level 0 (Customer) g0.d0
-- statement 1: $7 = input level 0 (Customer) g0.d1
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[], $4::text::"public"."risk"[], $5::text::"pg_catalog"."int4"[], $6::text::bool[], $7::text::bool[]) WITH ORDINALITY AS x("p", "c0", "c1", "c2", "c3", "d0", "d1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email", "risk", "visits") SELECT x."c0", x."c1", CASE WHEN x."d0" THEN x."c2" ELSE ('low'::public.risk) END, CASE WHEN x."d1" THEN x."c3" ELSE (0) END
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id", "name", "email", "risk", "visits"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i)
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name", "t1"."email" AS "email", "t1"."risk" AS "risk", "t1"."visits" AS "visits"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
