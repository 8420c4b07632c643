-- 07_update_by_where.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = literal 1
-- statement 1: $2 = literal "%@x"
-- statement 1: $3 = literal 5
WITH u AS (UPDATE "public"."customers" AS "t1" SET "visits" = "t1"."visits" + $1::text::"pg_catalog"."int4"
  WHERE "t1"."email" LIKE $2 AND "t1"."visits" < $3
  RETURNING "t1"."id", "t1"."name", "t1"."visits")
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."name" AS "name", "t1"."visits" AS "visits"
    FROM u AS "t1"
    ORDER BY "t1"."id") AS "s2")::text;
