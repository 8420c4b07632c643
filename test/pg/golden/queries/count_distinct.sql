-- count_distinct.graphql, modes: json, json
-- $1 = literal draft
-- $2 = literal 2
SELECT (
  SELECT row_to_json("s2".*)
  FROM (
    SELECT count(*)::int AS "count", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT count(DISTINCT "t1"."author_id")::int AS "authorId", count(DISTINCT "t1"."status")::int AS "status", count(DISTINCT "t1"."rating")::int AS "rating") AS x) AS "countDistinct"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."status" <> $1) AS "s2")::text AS "postsAggregate",
(
  SELECT coalesce(json_agg("s6".*), '[]')
  FROM (
    SELECT "t3"."username" AS "username", (
      SELECT row_to_json("s5".*)
      FROM (
        SELECT count(*)::int AS "count", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT count(DISTINCT "t4"."post_id")::int AS "postId") AS x) AS "countDistinct"
        FROM "public"."comments" AS "t4"
        WHERE "t4"."author_id" = "t3"."id") AS "s5") AS "commentsAggregate"
    FROM "public"."users" AS "t3"
    ORDER BY "t3"."id" ASC
    LIMIT $2) AS "s6")::text AS "users"
