-- many_to_many.graphql, modes: json, json
-- $1 = literal 1
-- $2 = literal 3
-- $3 = literal 2
-- $4 = literal ["sql", "json"]
-- $5 = literal 2
SELECT (
  SELECT coalesce(json_agg("s9".*), '[]')
  FROM (
    SELECT "t1"."id" AS "id", (
      SELECT coalesce(array_to_json(array_agg("s4".*)), '[]')
      FROM (
        SELECT "t2"."name" AS "name"
        FROM "public"."tags" AS "t2" JOIN "public"."post_tags" AS "j3" ON "j3"."tag_id" = "t2"."id"
        WHERE "j3"."post_id" = "t1"."id"
        ORDER BY "t2"."id" ASC
        LIMIT 100) AS "s4") AS "tags", (
      SELECT coalesce(json_agg("s8".*), '[]')
      FROM (
        SELECT (
          SELECT row_to_json("s7".*)
          FROM (
            SELECT "t6"."name" AS "name"
            FROM "public"."tags" AS "t6"
            WHERE "t6"."id" = "t5"."tag_id") AS "s7") AS "tag"
        FROM "public"."post_tags" AS "t5"
        WHERE "t5"."post_id" = "t1"."id"
        ORDER BY "t5"."post_id" ASC, "t5"."tag_id" ASC
        LIMIT $1) AS "s8") AS "postTags"
    FROM "public"."posts" AS "t1"
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s9")::text AS "posts",
(
  SELECT coalesce(json_agg("s17".*), '[]')
  FROM (
    SELECT "t10"."name" AS "name", (
      SELECT row_to_json("s13".*)
      FROM (
        SELECT count(*)::int AS "count"
        FROM "public"."posts" AS "t11" JOIN "public"."post_tags" AS "j12" ON "j12"."post_id" = "t11"."id"
        WHERE "j12"."tag_id" = "t10"."id") AS "s13") AS "postsAggregate", (
      SELECT coalesce(array_to_json(array_agg("s16".*)), '[]')
      FROM (
        SELECT "t14"."id" AS "id"
        FROM "public"."posts" AS "t14" JOIN "public"."post_tags" AS "j15" ON "j15"."post_id" = "t14"."id"
        WHERE "j15"."tag_id" = "t10"."id"
        ORDER BY "t14"."id" DESC
        LIMIT $3) AS "s16") AS "posts"
    FROM "public"."tags" AS "t10"
    WHERE "t10"."name" = ANY($4::text::"pg_catalog"."text"[])
    ORDER BY "t10"."id" ASC
    LIMIT $5) AS "s17")::text AS "tags"
