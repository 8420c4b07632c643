-- 06_update_by_key.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = literal medium
-- statement 1: $2 = literal 3
-- statement 1: $3 = literal "10.05"
-- statement 1: $4 = $id
WITH u AS (UPDATE "public"."customers" AS "t1" SET "risk" = $1::text::"public"."risk", "visits" = "t1"."visits" + $2::text::"pg_catalog"."int4", "balance" = "t1"."balance" + $3::text::"pg_catalog"."numeric"
  WHERE "t1"."id" = $4
  RETURNING "t1"."id", "t1"."risk", "t1"."visits", "t1"."balance")
SELECT (
  SELECT row_to_json("s2".*)
  FROM (
    SELECT "t1"."id" AS "id", "t1"."risk" AS "risk", "t1"."visits" AS "visits", "t1"."balance"::text AS "balance"
    FROM u AS "t1"
    ORDER BY "t1"."id") AS "s2")::text;
