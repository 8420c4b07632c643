-- keyset_last_before.graphql, modes: json, json
-- $1 = literal "WyJ5RzQyaHp4X3lYIiwgIjUiXQ==" (cursor key 1)
-- $2 = literal 2
-- $3 = literal 2
-- $4 = literal 2
-- $5 = literal 2
-- $6 = "yG42hzx_yX"
-- $7 = literal "WyJ5RzQyaHp4X3lYIiwgIjUiXQ==" (cursor key 1)
-- $8 = literal 2
-- $9 = literal archived
-- $10 = literal 2
-- $11 = literal 2
-- $12 = literal archived
-- $13 = literal 2
-- $14 = literal 2
SELECT (
  SELECT row_to_json("s3".*)
  FROM (
    SELECT (
      SELECT row_to_json(x.*)
      FROM (
        SELECT EXISTS (
          SELECT 1
          FROM "public"."comments" AS "c2"
          WHERE NOT ("c2"."id") < ($1::text::"pg_catalog"."int4")) AS "hasNextPage", count(p."i") > $2 AS "hasPreviousPage", (array_agg(p."c"
            ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $3))[1] AS "startCursor", (array_agg(p."c"
            ORDER BY p."i") FILTER (WHERE p."i" <= $4))[1] AS "endCursor") AS x) AS "pageInfo", coalesce(array_to_json(array_agg(p."n0"
          ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $5)), '[]') AS "nodes"
    FROM (
      SELECT (
        SELECT row_to_json(x.*)
        FROM (
          SELECT "t1"."id" AS "id") AS x) AS "n0", replace(encode(convert_to(json_build_array($6::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY "t1"."id" DESC) AS "i"
      FROM "public"."comments" AS "t1"
      WHERE ("t1"."id") < ($7::text::"pg_catalog"."int4")
      ORDER BY "t1"."id" DESC
      LIMIT $8 + 1) AS p GROUP BY ()) AS "s3")::text AS "commentsConnection",
(
  SELECT coalesce(json_agg("s8".*), '[]')
  FROM (
    SELECT "t4"."id" AS "id", (
      SELECT row_to_json("s7".*)
      FROM (
        SELECT (
          SELECT count(*)::int
          FROM "public"."posts" AS "c6"
          WHERE "c6"."author_id" = "t4"."id" AND "c6"."status" <> $9) AS "totalCount", (
          SELECT row_to_json(x.*)
          FROM (
            SELECT count(p."i") > $10 AS "hasNextPage") AS x) AS "pageInfo", coalesce(array_to_json(array_agg(p."n0"
              ORDER BY p."i") FILTER (WHERE p."i" <= $11)), '[]') AS "nodes"
        FROM (
          SELECT (
            SELECT row_to_json(x.*)
            FROM (
              SELECT "t5"."id" AS "id", "t5"."status" AS "status") AS x) AS "n0", row_number() OVER (ORDER BY "t5"."id" ASC) AS "i"
          FROM "public"."posts" AS "t5"
          WHERE "t5"."author_id" = "t4"."id" AND "t5"."status" <> $12
          ORDER BY "t5"."id" ASC
          LIMIT $13 + 1) AS p GROUP BY ()) AS "s7") AS "postsConnection"
    FROM "public"."users" AS "t4"
    ORDER BY "t4"."id" ASC
    LIMIT $14) AS "s8")::text AS "users"
