-- aggregates.graphql, modes: json, json
-- $1 = literal published
-- $2 = literal "Comment 1%"
-- $3 = literal 2
SELECT (
  SELECT row_to_json("s2".*)
  FROM (
    SELECT count(*)::int AS "count", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT sum("t1"."views")::text AS "views") AS x) AS "sum", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT avg("t1"."rating")::text AS "rating") AS x) AS "avg", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT min("t1"."published_at") AS "publishedAt", min("t1"."title") AS "title") AS x) AS "min", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT max("t1"."rating")::text AS "rating", max("t1"."status") AS "status") AS x) AS "max"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."status" = $1) AS "s2")::text AS "postsAggregate",
(
  SELECT coalesce(json_agg("s8".*), '[]')
  FROM (
    SELECT "t3"."username" AS "username", (
      SELECT row_to_json("s5".*)
      FROM (
        SELECT count(*)::int AS "count", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT max("t4"."views")::text AS "views") AS x) AS "max"
        FROM "public"."posts" AS "t4"
        WHERE "t4"."author_id" = "t3"."id") AS "s5") AS "postsAggregate", (
      SELECT row_to_json("s7".*)
      FROM (
        SELECT count(*)::int AS "count"
        FROM "public"."comments" AS "t6"
        WHERE "t6"."author_id" = "t3"."id" AND "t6"."content" LIKE $2) AS "s7") AS "commentsAggregate"
    FROM "public"."users" AS "t3"
    ORDER BY "t3"."id" ASC
    LIMIT $3) AS "s8")::text AS "users"
