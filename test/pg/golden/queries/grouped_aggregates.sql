-- grouped_aggregates.graphql, modes: json, json
-- $1 = literal "100"
-- $2 = literal "100"
-- $3 = literal 2
-- $4 = literal 2
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT count(*)::int AS "count", (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT (
          SELECT row_to_json(x.*)
          FROM (
            SELECT "t2"."status" AS "status") AS x) AS "keys", count(*)::int AS "count", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT sum("t2"."views")::text AS "views") AS x) AS "sum", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT max("t2"."rating")::text AS "rating") AS x) AS "max"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."views" > $1 GROUP BY "t2"."status"
        ORDER BY "t2"."status"
        LIMIT 100) AS "s3") AS "groups"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."views" > $2) AS "s4")::text AS "postsAggregate",
(
  SELECT coalesce(json_agg("s10".*), '[]')
  FROM (
    SELECT "t5"."username" AS "username", (
      SELECT row_to_json("s9".*)
      FROM (
        SELECT (
          SELECT coalesce(array_to_json(array_agg("s8".*)), '[]')
          FROM (
            SELECT (
              SELECT row_to_json(x.*)
              FROM (
                SELECT "t7"."post_id" AS "postId") AS x) AS "keys", count(*)::int AS "count"
            FROM "public"."comments" AS "t7"
            WHERE "t7"."author_id" = "t5"."id" GROUP BY "t7"."post_id"
            ORDER BY "t7"."post_id"
            LIMIT $3) AS "s8") AS "groups" ) AS "s9") AS "commentsAggregate"
    FROM "public"."users" AS "t5"
    ORDER BY "t5"."id" ASC
    LIMIT $4) AS "s10")::text AS "users"
