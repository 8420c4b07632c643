-- filters.graphql, modes: json, json, json, json, json, json, json, json
-- $1 = literal "ada10"
-- $2 = default page size 100
-- $3 = literal 10
-- $4 = literal 20
-- $5 = literal 12
-- $6 = literal "50000"
-- $7 = literal "4.5"
-- $8 = default page size 100
-- $9 = literal [1, 2, 3, 4]
-- $10 = literal [2]
-- $11 = literal [published, draft]
-- $12 = default page size 100
-- $13 = literal true
-- $14 = default page size 100
-- $15 = literal false
-- $16 = literal "ada%"
-- $17 = literal "GRACE%"
-- $18 = default page size 100
-- $19 = literal "%s%"
-- $20 = literal 1
-- $21 = literal 8
-- $22 = default page size 100
-- $23 = literal 1
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2")), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."users" AS "t1"
    WHERE "t1"."username" = $1
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s2")::text AS "eq",
(
  SELECT coalesce(array_to_json(array_agg("s4")), '[]')
  FROM (
    SELECT "t3"."id" AS "id"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."id" >= $3 AND "t3"."id" < $4 AND "t3"."id" <> $5 AND "t3"."views" > $6 AND "t3"."rating" <= $7
    ORDER BY "t3"."id" ASC
    LIMIT $8) AS "s4")::text AS "ranges",
(
  SELECT coalesce(array_to_json(array_agg("s6")), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."status" AS "status"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."id" = ANY($9::text::"pg_catalog"."int4"[]) AND "t5"."id" <> ALL($10::text::"pg_catalog"."int4"[]) AND "t5"."status" = ANY($11::text::"public"."post_status"[])
    ORDER BY "t5"."id" ASC
    LIMIT $12) AS "s6")::text AS "lists",
(
  SELECT coalesce(array_to_json(array_agg("s8")), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE ("t7"."full_name" IS NULL) = $13
    ORDER BY "t7"."id" ASC
    LIMIT $14) AS "s8")::text AS "nulls",
(
  SELECT row_to_json("s10")
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."users" AS "t9"
    WHERE ("t9"."birthday" IS NULL) = $15) AS "s10")::text AS "notNulls",
(
  SELECT coalesce(array_to_json(array_agg("s12")), '[]')
  FROM (
    SELECT "t11"."username" AS "username"
    FROM "public"."users" AS "t11"
    WHERE ("t11"."username" LIKE $16 OR "t11"."email" ILIKE $17)
    ORDER BY "t11"."id" ASC
    LIMIT $18) AS "s12")::text AS "patterns",
(
  SELECT coalesce(array_to_json(array_agg("s14")), '[]')
  FROM (
    SELECT "t13"."name" AS "name"
    FROM "public"."tags" AS "t13"
    WHERE NOT ("t13"."name" LIKE $19) AND ("t13"."id" > $20 AND "t13"."id" < $21)
    ORDER BY "t13"."id" ASC
    LIMIT $22) AS "s14")::text AS "negation",
(
  SELECT coalesce(array_to_json(array_agg("s16")), '[]')
  FROM (
    SELECT "t15"."name" AS "name"
    FROM "public"."tags" AS "t15"
    ORDER BY "t15"."id" ASC
    LIMIT $23) AS "s16")::text AS "ignoredNull"
