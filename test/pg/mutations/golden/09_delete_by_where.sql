-- 09_delete_by_where.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = literal ["vip", "new"]
WITH d AS (DELETE
  FROM "public"."tags" AS "t1"
  WHERE "t1"."name" = ANY($1::text::"pg_catalog"."text"[])
  RETURNING "t1"."id", "t1"."name")
SELECT (
  SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
  FROM (
    SELECT "t2"."name" AS "name"
    FROM d AS "t2"
    ORDER BY "t2"."id") AS "s3")::text;
