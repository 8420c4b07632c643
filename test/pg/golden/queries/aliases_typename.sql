-- aliases_typename.graphql, modes: json, json, json
-- $1 = literal 1
-- $2 = literal 1
-- $3 = literal 9999
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT 'User' AS "__typename", "t1"."username" AS "handle", "t1"."username" AS "again", (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT 'Post' AS "__typename", "t2"."id" AS "key"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id"
        ORDER BY "t2"."id" DESC
        LIMIT $1) AS "s3") AS "recent"
    FROM "public"."users" AS "t1"
    WHERE "t1"."id" = $2) AS "s4")::text AS "first",
(
  SELECT row_to_json("s6".*)
  FROM (
    SELECT "t5"."id" AS "id"
    FROM "public"."users" AS "t5"
    WHERE "t5"."id" = $3) AS "s6")::text AS "missing",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT 'CommentAggregate' AS "__typename", count(*)::int AS "n"
    FROM "public"."comments" AS "t7") AS "s8")::text AS "counts"
