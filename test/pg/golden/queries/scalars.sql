-- scalars.graphql, modes: json, json, json, json
-- $1 = literal 2
-- $2 = literal 4
-- $3 = literal [4, 5, 10]
-- $4 = literal 2
-- $5 = literal 10
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."external_id" AS "externalId", "t1"."birthday" AS "birthday", "t1"."score" AS "score", "t1"."created_at" AS "createdAt"
    FROM "public"."users" AS "t1"
    ORDER BY "t1"."id" ASC
    LIMIT $1
    OFFSET $2) AS "s2")::text AS "users",
(
  SELECT coalesce(array_to_json(array_agg("s4".*)), '[]')
  FROM (
    SELECT "t3"."id" AS "id", "t3"."views"::text AS "views", "t3"."rating"::text AS "rating", "t3"."metadata" AS "metadata", "t3"."labels" AS "labels", "t3"."status" AS "status", "t3"."published_at" AS "publishedAt", "t3"."content" AS "content"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."id" = ANY($3::text::"pg_catalog"."int4"[])
    ORDER BY "t3"."id" ASC
    LIMIT 100) AS "s4")::text AS "posts",
(
  SELECT coalesce(array_to_json(array_agg("s6".*)), '[]')
  FROM (
    SELECT "t5"."id" AS "id", "t5"."title" AS "title"
    FROM "public"."published_posts" AS "t5"
    ORDER BY "t5"."id" ASC, "t5"."author_id" ASC, "t5"."title" ASC, "t5"."published_at" ASC
    LIMIT $4) AS "s6")::text AS "publishedPosts",
(
  SELECT row_to_json("s10".*)
  FROM (
    SELECT (
      SELECT row_to_json("s9".*)
      FROM (
        SELECT "t8"."username" AS "username"
        FROM "public"."users" AS "t8"
        WHERE "t8"."id" = "t7"."author_id") AS "s9") AS "author"
    FROM "public"."posts" AS "t7"
    WHERE "t7"."id" = $5) AS "s10")::text AS "post"
