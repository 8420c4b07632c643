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
  SELECT json_build_object('pageInfo', json_build_object('hasNextPage', EXISTS (
        SELECT 1
        FROM "public"."comments" AS "t2"
        WHERE NOT ("t2"."id") < ($1::text::"pg_catalog"."int4")), 'hasPreviousPage', count(*) > $2, 'startCursor', (array_agg(p."c"
          ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $3))[1], 'endCursor', (array_agg(p."c"
          ORDER BY p."i") FILTER (WHERE p."i" <= $4))[1]), 'nodes', coalesce(json_agg(p."n0"
        ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $5), '[]'))
  FROM (
    SELECT json_build_object('id', "t1"."id") AS "n0", replace(encode(convert_to(json_build_array($6::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY "t1"."id" DESC) AS "i"
    FROM "public"."comments" AS "t1"
    WHERE ("t1"."id") < ($7::text::"pg_catalog"."int4")
    ORDER BY "t1"."id" DESC
    LIMIT $8 + 1) AS p GROUP BY ())::text AS "commentsConnection",
(
  SELECT coalesce(json_agg("s6"), '[]')
  FROM (
    SELECT "t3"."id" AS "id", (
      SELECT json_build_object('totalCount', (
          SELECT count(*)::int
          FROM "public"."posts" AS "t5"
          WHERE "t5"."author_id" = "t3"."id" AND "t5"."status" <> $9), 'pageInfo', json_build_object('hasNextPage', count(*) > $10), 'nodes', coalesce(json_agg(p."n0"
            ORDER BY p."i") FILTER (WHERE p."i" <= $11), '[]'))
      FROM (
        SELECT json_build_object('id', "t4"."id", 'status', "t4"."status") AS "n0", row_number() OVER (ORDER BY "t4"."id" ASC) AS "i"
        FROM "public"."posts" AS "t4"
        WHERE "t4"."author_id" = "t3"."id" AND "t4"."status" <> $12
        ORDER BY "t4"."id" ASC
        LIMIT $13 + 1) AS p GROUP BY ()) AS "postsConnection"
    FROM "public"."users" AS "t3"
    ORDER BY "t3"."id" ASC
    LIMIT $14) AS "s6")::text AS "users"
