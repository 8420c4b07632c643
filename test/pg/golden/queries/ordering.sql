-- ordering.graphql, modes: json, json, json
-- $1 = literal 5
-- $2 = literal 4
-- $3 = literal 3
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."rating"::text AS "rating"
    FROM "public"."posts" AS "t1"
    ORDER BY "t1"."rating" DESC NULLS LAST, "t1"."title" ASC, "t1"."id" ASC
    LIMIT $1) AS "s2")::text AS "byRating",
(
  SELECT coalesce(array_to_json(array_agg("s4".*)), '[]')
  FROM (
    SELECT "t3"."id" AS "id", "t3"."score" AS "score"
    FROM "public"."users" AS "t3"
    ORDER BY "t3"."score" ASC NULLS FIRST, "t3"."id" ASC
    LIMIT $2) AS "s4")::text AS "nullsFirst",
(
  SELECT coalesce(array_to_json(array_agg("s6".*)), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."status" AS "status", "t5"."views"::text AS "views"
    FROM "public"."posts" AS "t5"
    ORDER BY "t5"."status" DESC, "t5"."views" ASC, "t5"."id" ASC
    LIMIT $3) AS "s6")::text AS "byStatus"
