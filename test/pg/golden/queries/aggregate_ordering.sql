-- aggregate_ordering.graphql, modes: json, json
-- $1 = literal 3
-- $2 = literal 2
-- $3 = literal 2
-- $4 = "KkDH1udOvs"
-- $5 = literal 2
SELECT (
  SELECT coalesce(json_agg("s4".*), '[]')
  FROM (
    SELECT "t1"."username" AS "username", (
      SELECT row_to_json("s3".*)
      FROM (
        SELECT count(*)::int AS "count"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id") AS "s3") AS "postsAggregate"
    FROM "public"."users" AS "t1"
    ORDER BY (
      SELECT count(*)
      FROM "public"."posts" AS "t1_n"
      WHERE "t1_n"."author_id" = "t1"."id") DESC, "t1"."id" ASC
    LIMIT $1) AS "s4")::text AS "users",
(
  SELECT row_to_json("s9".*)
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
          SELECT "t5"."id" AS "id", (
            SELECT row_to_json("s8".*)
            FROM (
              SELECT count(*)::int AS "count"
              FROM "public"."tags" AS "t6" JOIN "public"."post_tags" AS "j7" ON "j7"."tag_id" = "t6"."id"
              WHERE "j7"."post_id" = "t5"."id") AS "s8") AS "tagsAggregate") AS x) AS "n0", replace(encode(convert_to(json_build_array($4::text, (
                SELECT count(*)
                FROM "public"."post_tags" AS "t5_j" JOIN "public"."tags" AS "t5_n" ON "t5_n"."id" = "t5_j"."tag_id"
                WHERE "t5_j"."post_id" = "t5"."id")::text, "t5"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY (
          SELECT count(*)
          FROM "public"."post_tags" AS "t5_j" JOIN "public"."tags" AS "t5_n" ON "t5_n"."id" = "t5_j"."tag_id"
          WHERE "t5_j"."post_id" = "t5"."id") DESC, "t5"."id" DESC) AS "i"
      FROM "public"."posts" AS "t5"
      ORDER BY (
        SELECT count(*)
        FROM "public"."post_tags" AS "t5_j" JOIN "public"."tags" AS "t5_n" ON "t5_n"."id" = "t5_j"."tag_id"
        WHERE "t5_j"."post_id" = "t5"."id") DESC, "t5"."id" DESC
      LIMIT $5 + 1) AS p GROUP BY ()) AS "s9")::text AS "postsConnection"
