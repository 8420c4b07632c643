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
  SELECT coalesce(json_agg("s2"), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."users" AS "t1"
    WHERE "t1"."username" = $1
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s2")::text AS "eq",
(
  SELECT coalesce(json_agg("s4"), '[]')
  FROM (
    SELECT "t3"."id" AS "id"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."id" >= $3 AND "t3"."id" < $4 AND "t3"."id" <> $5 AND "t3"."views" > $6 AND "t3"."rating" <= $7
    ORDER BY "t3"."id" ASC
    LIMIT $8) AS "s4")::text AS "ranges",
(
  SELECT coalesce(json_agg("s6"), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."status" AS "status"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."id" = ANY($9::text::"pg_catalog"."int4"[]) AND "t5"."id" <> ALL($10::text::"pg_catalog"."int4"[]) AND "t5"."status" = ANY($11::text::"public"."post_status"[])
    ORDER BY "t5"."id" ASC
    LIMIT $12) AS "s6")::text AS "lists",
(
  SELECT coalesce(json_agg("s8"), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE ("t7"."full_name" IS NULL) = $13
    ORDER BY "t7"."id" ASC
    LIMIT $14) AS "s8")::text AS "nulls",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."users" AS "t9"
  WHERE ("t9"."birthday" IS NULL) = $15)::text AS "notNulls",
(
  SELECT coalesce(json_agg("s11"), '[]')
  FROM (
    SELECT "t10"."username" AS "username"
    FROM "public"."users" AS "t10"
    WHERE ("t10"."username" LIKE $16 OR "t10"."email" ILIKE $17)
    ORDER BY "t10"."id" ASC
    LIMIT $18) AS "s11")::text AS "patterns",
(
  SELECT coalesce(json_agg("s13"), '[]')
  FROM (
    SELECT "t12"."name" AS "name"
    FROM "public"."tags" AS "t12"
    WHERE NOT ("t12"."name" LIKE $19) AND ("t12"."id" > $20 AND "t12"."id" < $21)
    ORDER BY "t12"."id" ASC
    LIMIT $22) AS "s13")::text AS "negation",
(
  SELECT coalesce(json_agg("s15"), '[]')
  FROM (
    SELECT "t14"."name" AS "name"
    FROM "public"."tags" AS "t14"
    ORDER BY "t14"."id" ASC
    LIMIT $23) AS "s15")::text AS "ignoredNull"
