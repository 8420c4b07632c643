-- grouped_aggregates_having.graphql, modes: json, json
-- $1 = $n
-- $2 = literal "9007199254741000"
-- $3 = literal "1"
-- $4 = literal 3
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT (
          SELECT row_to_json(x.*)
          FROM (
            SELECT "t2"."status" AS "status") AS x) AS "keys", count(*)::int AS "count"
        FROM "public"."posts" AS "t2" GROUP BY "t2"."status" HAVING count(*) > $1
        ORDER BY "t2"."status"
        LIMIT 100) AS "s3") AS "groups" ) AS "s4")::text AS "postsAggregate",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT (
      SELECT coalesce(array_to_json(array_agg("s7".*)), '[]')
      FROM (
        SELECT (
          SELECT row_to_json(x.*)
          FROM (
            SELECT "t6"."author_id" AS "authorId") AS x) AS "keys", count(*)::int AS "count", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT sum("t6"."views")::text AS "views") AS x) AS "sum", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT max("t6"."rating")::text AS "rating") AS x) AS "max"
        FROM "public"."posts" AS "t6" GROUP BY "t6"."author_id" HAVING (sum("t6"."views") >= $2 OR max("t6"."rating") < $3)
        ORDER BY "t6"."author_id"
        LIMIT $4) AS "s7") AS "groups" ) AS "s8")::text AS "authors"
