-- relation_filters.graphql, modes: json, json, json, json, json
-- $1 = literal "grace2"
-- $2 = default page size 100
-- $3 = literal "Comment 7"
-- $4 = default page size 100
-- $5 = literal published
-- $6 = literal 5
-- $7 = default page size 100
-- $8 = literal draft
-- $9 = literal "sql"
SELECT (
  SELECT coalesce(json_agg("s3"), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."posts" AS "t1"
    WHERE EXISTS (
      SELECT 1
      FROM "public"."users" AS "t2"
      WHERE "t2"."id" = "t1"."author_id" AND "t2"."username" = $1)
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s3")::text AS "byAuthor",
(
  SELECT coalesce(json_agg("s6"), '[]')
  FROM (
    SELECT "t4"."username" AS "username"
    FROM "public"."users" AS "t4"
    WHERE EXISTS (
      SELECT 1
      FROM "public"."comments" AS "t5"
      WHERE "t5"."author_id" = "t4"."id" AND "t5"."content" = $3)
    ORDER BY "t4"."id" ASC
    LIMIT $4) AS "s6")::text AS "someComments",
(
  SELECT coalesce(json_agg("s9"), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE NOT EXISTS (
      SELECT 1
      FROM "public"."posts" AS "t8"
      WHERE "t8"."author_id" = "t7"."id" AND NOT coalesce("t8"."status" = $5, FALSE)) AND "t7"."id" <= $6
    ORDER BY "t7"."id" ASC
    LIMIT $7) AS "s9")::text AS "everyPostPublished",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."users" AS "t10"
  WHERE NOT EXISTS (
    SELECT 1
    FROM "public"."posts" AS "t11"
    WHERE "t11"."author_id" = "t10"."id" AND "t11"."status" = $8))::text AS "noDrafts",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."posts" AS "t12"
  WHERE EXISTS (
    SELECT 1
    FROM "public"."tags" AS "t13" JOIN "public"."post_tags" AS "j14" ON "j14"."tag_id" = "t13"."id"
    WHERE "j14"."post_id" = "t12"."id" AND "t13"."name" = $9))::text AS "taggedSql"
