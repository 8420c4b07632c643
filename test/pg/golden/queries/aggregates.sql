-- aggregates.graphql, modes: json, json
-- $1 = literal published
-- $2 = literal "Comment 1%"
-- $3 = literal 2
SELECT (
  SELECT json_build_object('count', count(*)::int, 'sum', json_build_object('views', sum("t1"."views")::text), 'avg', json_build_object('rating', avg("t1"."rating")::text), 'min', json_build_object('publishedAt', min("t1"."published_at"), 'title', min("t1"."title")), 'max', json_build_object('rating', max("t1"."rating")::text, 'status', max("t1"."status")))
  FROM "public"."posts" AS "t1"
  WHERE "t1"."status" = $1)::text AS "postsAggregate",
(
  SELECT coalesce(json_agg("s5"), '[]')
  FROM (
    SELECT "t2"."username" AS "username", (
      SELECT json_build_object('count', count(*)::int, 'max', json_build_object('views', max("t3"."views")::text))
      FROM "public"."posts" AS "t3"
      WHERE "t3"."author_id" = "t2"."id") AS "postsAggregate", (
      SELECT json_build_object('count', count(*)::int)
      FROM "public"."comments" AS "t4"
      WHERE "t4"."author_id" = "t2"."id" AND "t4"."content" LIKE $2) AS "commentsAggregate"
    FROM "public"."users" AS "t2"
    ORDER BY "t2"."id" ASC
    LIMIT $3) AS "s5")::text AS "users"
