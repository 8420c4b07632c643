-- relation_filters.graphql, modes: json, json, json, json, json
-- $1 = literal "grace2"
-- $2 = literal "Comment 7"
-- $3 = literal published
-- $4 = literal 5
-- $5 = literal draft
-- $6 = literal "sql"
SELECT (
  SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "public"."posts" AS "t1"
    WHERE EXISTS (
      SELECT 1
      FROM "public"."users" AS "t2"
      WHERE "t2"."id" = "t1"."author_id" AND "t2"."username" = $1)
    ORDER BY "t1"."id" ASC
    LIMIT 100) AS "s3")::text AS "byAuthor",
(
  SELECT coalesce(array_to_json(array_agg("s6".*)), '[]')
  FROM (
    SELECT "t4"."username" AS "username"
    FROM "public"."users" AS "t4"
    WHERE EXISTS (
      SELECT 1
      FROM "public"."comments" AS "t5"
      WHERE "t5"."author_id" = "t4"."id" AND "t5"."content" = $2)
    ORDER BY "t4"."id" ASC
    LIMIT 100) AS "s6")::text AS "someComments",
(
  SELECT coalesce(array_to_json(array_agg("s9".*)), '[]')
  FROM (
    SELECT "t7"."username" AS "username"
    FROM "public"."users" AS "t7"
    WHERE NOT EXISTS (
      SELECT 1
      FROM "public"."posts" AS "t8"
      WHERE "t8"."author_id" = "t7"."id" AND NOT coalesce("t8"."status" = $3, FALSE)) AND "t7"."id" <= $4
    ORDER BY "t7"."id" ASC
    LIMIT 100) AS "s9")::text AS "everyPostPublished",
(
  SELECT row_to_json("s12".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."users" AS "t10"
    WHERE NOT EXISTS (
      SELECT 1
      FROM "public"."posts" AS "t11"
      WHERE "t11"."author_id" = "t10"."id" AND "t11"."status" = $5)) AS "s12")::text AS "noDrafts",
(
  SELECT row_to_json("s16".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t13"
    WHERE EXISTS (
      SELECT 1
      FROM "public"."tags" AS "t14" JOIN "public"."post_tags" AS "j15" ON "j15"."tag_id" = "t14"."id"
      WHERE "j15"."post_id" = "t13"."id" AND "t14"."name" = $6)) AS "s16")::text AS "taggedSql"
