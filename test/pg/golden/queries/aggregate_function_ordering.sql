-- aggregate_function_ordering.graphql, modes: json, json
-- $1 = literal 3
-- $2 = literal 2
-- $3 = literal 2
-- $4 = "OdCItWe5C-"
-- $5 = literal 2
SELECT (
  SELECT coalesce(json_agg("s4".*), '[]')
  FROM (
    SELECT "t1"."username" AS "username", (
      SELECT row_to_json("s3".*)
      FROM (
        SELECT (
          SELECT row_to_json(x.*)
          FROM (
            SELECT max("t2"."published_at") AS "publishedAt") AS x) AS "max"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id") AS "s3") AS "postsAggregate"
    FROM "public"."users" AS "t1"
    ORDER BY (
      SELECT max("t1_n"."published_at")
      FROM "public"."posts" AS "t1_n"
      WHERE "t1_n"."author_id" = "t1"."id") DESC NULLS LAST, "t1"."id" ASC
    LIMIT $1) AS "s4")::text AS "users",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT coalesce(array_to_json(array_agg(p."n0"
          ORDER BY p."i") FILTER (WHERE p."i" <= $2)), '[]') AS "nodes", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT (array_agg(p."c"
            ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $3))[1] AS "endCursor") AS x) AS "pageInfo"
    FROM (
      SELECT (
        SELECT row_to_json(x.*)
        FROM (
          SELECT "t5"."username" AS "username", (
            SELECT row_to_json("s7".*)
            FROM (
              SELECT (
                SELECT row_to_json(x.*)
                FROM (
                  SELECT sum("t6"."views")::text AS "views") AS x) AS "sum"
              FROM "public"."posts" AS "t6"
              WHERE "t6"."author_id" = "t5"."id") AS "s7") AS "postsAggregate") AS x) AS "n0", replace(encode(convert_to(json_build_array($4::text, (
                SELECT sum("t5_n"."views")
                FROM "public"."posts" AS "t5_n"
                WHERE "t5_n"."author_id" = "t5"."id")::text, "t5"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY (
          SELECT sum("t5_n"."views")
          FROM "public"."posts" AS "t5_n"
          WHERE "t5_n"."author_id" = "t5"."id") DESC, "t5"."id" ASC) AS "i"
      FROM "public"."users" AS "t5"
      ORDER BY (
        SELECT sum("t5_n"."views")
        FROM "public"."posts" AS "t5_n"
        WHERE "t5_n"."author_id" = "t5"."id") DESC, "t5"."id" ASC
      LIMIT $5 + 1) AS p GROUP BY ()) AS "s8")::text AS "usersConnection"
