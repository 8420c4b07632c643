-- fragments.graphql, modes: json
-- $1 = literal 1
-- $2 = literal 2
SELECT row_to_json("s4".*)::text
FROM (
  SELECT "t1"."id" AS "id", "t1"."username" AS "username", (
    SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
    FROM (
      SELECT "t2"."id" AS "id", "t2"."title" AS "title"
      FROM "public"."posts" AS "t2"
      WHERE "t2"."author_id" = "t1"."id"
      ORDER BY "t2"."id" ASC
      LIMIT $1) AS "s3") AS "posts"
  FROM "public"."users" AS "t1"
  ORDER BY "t1"."id" ASC
  LIMIT $2) AS "s4"
