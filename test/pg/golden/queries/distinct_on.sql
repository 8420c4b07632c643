-- distinct_on.graphql, modes: json, json, json
-- $1 = literal 3
-- $2 = literal 2
-- $3 = literal 2
-- $4 = literal 2
-- $5 = "iEla9RPPXo"
-- $6 = literal 2
-- $7 = literal 2
-- $8 = literal 1
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT DISTINCT ON ("t1"."author_id") "t1"."author_id" AS "authorId", "t1"."id" AS "id", "t1"."views"::text AS "views"
    FROM "public"."posts" AS "t1"
    ORDER BY "t1"."author_id" ASC, "t1"."views" DESC, "t1"."id" ASC
    LIMIT $1) AS "s2")::text AS "posts",
(
  SELECT row_to_json("s5".*)
  FROM (
    SELECT (
      SELECT count(*)::int
      FROM (
        SELECT DISTINCT ON ("c4"."status") "c4".*
        FROM "public"."posts" AS "c4"
        ORDER BY "c4"."status" DESC, "c4"."published_at" ASC, "c4"."id" ASC) AS "c4") AS "totalCount", coalesce(array_to_json(array_agg(p."n0"
          ORDER BY p."i") FILTER (WHERE p."i" <= $2)), '[]') AS "nodes", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT count(p."i") > $3 AS "hasNextPage", (array_agg(p."c"
            ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $4))[1] AS "endCursor") AS x) AS "pageInfo"
    FROM (
      SELECT (
        SELECT row_to_json(x.*)
        FROM (
          SELECT "t3"."status" AS "status", "t3"."id" AS "id") AS x) AS "n0", replace(encode(convert_to(json_build_array($5::text, "t3"."status"::text, to_json("t3"."published_at") #>> '{}', "t3"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY "t3"."status" DESC, "t3"."published_at" ASC, "t3"."id" ASC) AS "i"
      FROM (
        SELECT DISTINCT ON ("t3"."status") "t3".*
        FROM "public"."posts" AS "t3"
        ORDER BY "t3"."status" DESC, "t3"."published_at" ASC, "t3"."id" ASC) AS "t3"
      ORDER BY "t3"."status" DESC, "t3"."published_at" ASC, "t3"."id" ASC
      LIMIT $6 + 1) AS p GROUP BY ()) AS "s5")::text AS "postsConnection",
(
  SELECT coalesce(json_agg("s9".*), '[]')
  FROM (
    SELECT (
      SELECT coalesce(array_to_json(array_agg("s8".*)), '[]')
      FROM (
        SELECT DISTINCT ON ("t7"."post_id") "t7"."post_id" AS "postId", "t7"."id" AS "id"
        FROM "public"."comments" AS "t7"
        WHERE "t7"."author_id" = "t6"."id"
        ORDER BY "t7"."post_id" ASC, "t7"."id" ASC
        LIMIT $7) AS "s8") AS "comments"
    FROM "public"."users" AS "t6"
    ORDER BY "t6"."id" ASC
    LIMIT $8) AS "s9")::text AS "users"
