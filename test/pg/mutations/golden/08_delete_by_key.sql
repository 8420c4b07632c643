-- 08_delete_by_key.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = literal 4
WITH d AS (DELETE
  FROM "public"."customers" AS "t1"
  WHERE "t1"."id" = $1
  RETURNING "t1"."id", "t1"."name")
SELECT (
  SELECT row_to_json("s8".*)
  FROM (
    SELECT "t2"."name" AS "name", (
      SELECT coalesce(array_to_json(array_agg("s4".*)), '[]')
      FROM (
        SELECT "t3"."kind" AS "kind"
        FROM "public"."banking_relationships" AS "t3"
        WHERE "t3"."customer_id" = "t2"."id"
        ORDER BY "t3"."id" ASC
        LIMIT 100) AS "s4") AS "bankingRelationships", (
      SELECT coalesce(array_to_json(array_agg("s7".*)), '[]')
      FROM (
        SELECT "t5"."name" AS "name"
        FROM "public"."tags" AS "t5" JOIN "public"."customer_tags" AS "j6" ON "j6"."tag_id" = "t5"."id"
        WHERE "j6"."customer_id" = "t2"."id"
        ORDER BY "t5"."id" ASC
        LIMIT 100) AS "s7") AS "tags"
    FROM d AS "t2"
    ORDER BY "t2"."id") AS "s8")::text;
