-- relation_ordering.graphql, modes: json, json
-- $1 = literal 3
-- $2 = literal 2
-- $3 = literal 2
-- $4 = literal 2
-- $5 = "3lN30fhgey"
-- $6 = literal 2
SELECT (
  SELECT coalesce(json_agg("s4".*), '[]')
  FROM (
    SELECT "t1"."id" AS "id", (
      SELECT row_to_json("s3".*)
      FROM (
        SELECT "t2"."username" AS "username"
        FROM "public"."users" AS "t2"
        WHERE "t2"."id" = "t1"."author_id") AS "s3") AS "author"
    FROM "public"."posts" AS "t1"
    ORDER BY (
      SELECT "t1_o1"."username"
      FROM "public"."users" AS "t1_o1"
      WHERE "t1_o1"."id" = "t1"."author_id") DESC, "t1"."published_at" DESC, "t1"."id" ASC
    LIMIT $1) AS "s4")::text AS "posts",
(
  SELECT row_to_json("s10".*)
  FROM (
    SELECT coalesce(array_to_json(array_agg(p."n0"
          ORDER BY p."i") FILTER (WHERE p."i" <= $2)), '[]') AS "nodes", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT count(p."i") > $3 AS "hasNextPage", (array_agg(p."c"
            ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $4))[1] AS "endCursor") AS x) AS "pageInfo"
    FROM (
      SELECT (
        SELECT row_to_json(x.*)
        FROM (
          SELECT "t5"."id" AS "id", (
            SELECT row_to_json("s9".*)
            FROM (
              SELECT (
                SELECT row_to_json("s8".*)
                FROM (
                  SELECT "t7"."username" AS "username"
                  FROM "public"."users" AS "t7"
                  WHERE "t7"."id" = "t6"."author_id") AS "s8") AS "author"
              FROM "public"."posts" AS "t6"
              WHERE "t6"."id" = "t5"."post_id") AS "s9") AS "post") AS x) AS "n0", replace(encode(convert_to(json_build_array($5::text, (
                SELECT "t5_o2"."username"
                FROM "public"."posts" AS "t5_o1" JOIN "public"."users" AS "t5_o2" ON "t5_o2"."id" = "t5_o1"."author_id"
                WHERE "t5_o1"."id" = "t5"."post_id")::text, "t5"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY (
          SELECT "t5_o2"."username"
          FROM "public"."posts" AS "t5_o1" JOIN "public"."users" AS "t5_o2" ON "t5_o2"."id" = "t5_o1"."author_id"
          WHERE "t5_o1"."id" = "t5"."post_id") ASC, "t5"."id" ASC) AS "i"
      FROM "public"."comments" AS "t5"
      ORDER BY (
        SELECT "t5_o2"."username"
        FROM "public"."posts" AS "t5_o1" JOIN "public"."users" AS "t5_o2" ON "t5_o2"."id" = "t5_o1"."author_id"
        WHERE "t5_o1"."id" = "t5"."post_id") ASC, "t5"."id" ASC
      LIMIT $6 + 1) AS p GROUP BY ()) AS "s10")::text AS "commentsConnection"
