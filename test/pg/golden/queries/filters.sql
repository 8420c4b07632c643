-- filters.graphql, modes: json, json, json, json, json, json, json, json
-- $1 = literal "ada10"
-- $2 = literal 10
-- $3 = literal 20
-- $4 = literal 12
-- $5 = literal "50000"
-- $6 = literal "4.5"
-- $7 = literal [1, 2, 3, 4]
-- $8 = literal [2]
-- $9 = literal [published, draft]
-- $10 = literal true
-- $11 = literal false
-- $12 = literal "ada%"
-- $13 = literal "GRACE%"
-- $14 = literal "%s%"
-- $15 = literal 1
-- $16 = literal 8
-- $17 = literal 1
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."users" AS "t1"
    WHERE "t1"."username" = $1
    ORDER BY "t1"."id" ASC
    LIMIT 100) AS "s2")::text AS "eq",
(
  SELECT coalesce(array_to_json(array_agg("s4".*)), '[]')
  FROM (
    SELECT "t3"."id" AS "id"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."id" >= $2 AND "t3"."id" < $3 AND "t3"."id" <> $4 AND "t3"."views" > $5 AND "t3"."rating" <= $6
    ORDER BY "t3"."id" ASC
    LIMIT 100) AS "s4")::text AS "ranges",
(
  SELECT coalesce(array_to_json(array_agg("s6".*)), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."status" AS "status"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."id" = ANY($7::text::"pg_catalog"."int4"[]) AND "t5"."id" <> ALL($8::text::"pg_catalog"."int4"[]) AND "t5"."status" = ANY($9::text::"public"."post_status"[])
    ORDER BY "t5"."id" ASC
    LIMIT 100) AS "s6")::text AS "lists",
(
  SELECT coalesce(array_to_json(array_agg("s8".*)), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE ("t7"."full_name" IS NULL) = $10
    ORDER BY "t7"."id" ASC
    LIMIT 100) AS "s8")::text AS "nulls",
(
  SELECT row_to_json("s10".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."users" AS "t9"
    WHERE ("t9"."birthday" IS NULL) = $11) AS "s10")::text AS "notNulls",
(
  SELECT coalesce(array_to_json(array_agg("s12".*)), '[]')
  FROM (
    SELECT "t11"."username" AS "username"
    FROM "public"."users" AS "t11"
    WHERE ("t11"."username" LIKE $12 OR "t11"."email" ILIKE $13)
    ORDER BY "t11"."id" ASC
    LIMIT 100) AS "s12")::text AS "patterns",
(
  SELECT coalesce(array_to_json(array_agg("s14".*)), '[]')
  FROM (
    SELECT "t13"."name" AS "name"
    FROM "public"."tags" AS "t13"
    WHERE NOT ("t13"."name" LIKE $14) AND ("t13"."id" > $15 AND "t13"."id" < $16)
    ORDER BY "t13"."id" ASC
    LIMIT 100) AS "s14")::text AS "negation",
(
  SELECT coalesce(array_to_json(array_agg("s16".*)), '[]')
  FROM (
    SELECT "t15"."name" AS "name"
    FROM "public"."tags" AS "t15"
    ORDER BY "t15"."id" ASC
    LIMIT $17) AS "s16")::text AS "ignoredNull"
