-- nested_both_ways.graphql, modes: json
-- $1 = literal 2
-- $2 = literal 2
-- $3 = literal 3
SELECT row_to_json("s8".*)::text
FROM (
  SELECT "t1"."id" AS "id", "t1"."username" AS "username", (
    SELECT coalesce(json_agg("s7".*), '[]')
    FROM (
      SELECT "t2"."id" AS "id", "t2"."title" AS "title", (
        SELECT coalesce(json_agg("s6".*), '[]')
        FROM (
          SELECT "t3"."id" AS "id", "t3"."content" AS "content", (
            SELECT row_to_json("s5".*)
            FROM (
              SELECT "t4"."id" AS "id", "t4"."username" AS "username"
              FROM "public"."users" AS "t4"
              WHERE "t4"."id" = "t3"."author_id") AS "s5") AS "author"
          FROM "public"."comments" AS "t3"
          WHERE "t3"."post_id" = "t2"."id"
          ORDER BY "t3"."id" ASC
          LIMIT $1) AS "s6") AS "comments"
      FROM "public"."posts" AS "t2"
      WHERE "t2"."author_id" = "t1"."id"
      ORDER BY "t2"."id" ASC
      LIMIT $2) AS "s7") AS "posts"
  FROM "public"."users" AS "t1"
  ORDER BY "t1"."id" ASC
  LIMIT $3) AS "s8"
