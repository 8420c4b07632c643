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
  SELECT coalesce(json_agg("s2"), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."users" AS "t1"
    WHERE "t1"."username" = $1
    ORDER BY "t1"."id" ASC) AS "s2")::text AS "eq",
(
  SELECT coalesce(json_agg("s4"), '[]')
  FROM (
    SELECT "t3"."id" AS "id"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."id" >= $2 AND "t3"."id" < $3 AND "t3"."id" <> $4 AND "t3"."views" > $5 AND "t3"."rating" <= $6
    ORDER BY "t3"."id" ASC) AS "s4")::text AS "ranges",
(
  SELECT coalesce(json_agg("s6"), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."status" AS "status"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."id" = ANY($7::text::"pg_catalog"."int4"[]) AND "t5"."id" <> ALL($8::text::"pg_catalog"."int4"[]) AND "t5"."status" = ANY($9::text::"public"."post_status"[])
    ORDER BY "t5"."id" ASC) AS "s6")::text AS "lists",
(
  SELECT coalesce(json_agg("s8"), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE ("t7"."full_name" IS NULL) = $10
    ORDER BY "t7"."id" ASC) AS "s8")::text AS "nulls",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."users" AS "t9"
  WHERE ("t9"."birthday" IS NULL) = $11)::text AS "notNulls",
(
  SELECT coalesce(json_agg("s11"), '[]')
  FROM (
    SELECT "t10"."username" AS "username"
    FROM "public"."users" AS "t10"
    WHERE ("t10"."username" LIKE $12 OR "t10"."email" ILIKE $13)
    ORDER BY "t10"."id" ASC) AS "s11")::text AS "patterns",
(
  SELECT coalesce(json_agg("s13"), '[]')
  FROM (
    SELECT "t12"."name" AS "name"
    FROM "public"."tags" AS "t12"
    WHERE NOT ("t12"."name" LIKE $14) AND ("t12"."id" > $15 AND "t12"."id" < $16)
    ORDER BY "t12"."id" ASC) AS "s13")::text AS "negation",
(
  SELECT coalesce(json_agg("s15"), '[]')
  FROM (
    SELECT "t14"."name" AS "name"
    FROM "public"."tags" AS "t14"
    ORDER BY "t14"."id" ASC
    LIMIT $17) AS "s15")::text AS "ignoredNull"
