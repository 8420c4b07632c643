-- computed_fields.graphql, modes: value, json
-- $1 = literal 2
-- $2 = literal [6, 7, 8]
-- $3 = literal 3
-- $4 = literal 1
SELECT (
  SELECT coalesce(json_agg("s8".*), '[]')
  FROM (
    SELECT "t5"."id" AS "id", (
      SELECT coalesce(array_to_json(array_agg("s7".*)), '[]')
      FROM (
        SELECT "t6"."id" AS "id", "t6"."status" AS "status", "t6"."views"::text AS "#views"
        FROM "public"."posts" AS "t6"
        WHERE "t6"."author_id" = "t5"."id"
        ORDER BY "t6"."id" ASC
        LIMIT $1) AS "s7") AS "posts", "t5"."full_name" AS "#full_name", "t5"."username" AS "#username"
    FROM "public"."users" AS "t5"
    WHERE "t5"."id" = ANY($2::text::"pg_catalog"."int4"[])
    ORDER BY "t5"."id" ASC
    LIMIT $3) AS "s8")::text AS "users",
(
  SELECT coalesce(array_to_json(array_agg("s10".*)), '[]')
  FROM (
    SELECT "t9"."name" AS "name"
    FROM "public"."tags" AS "t9"
    ORDER BY "t9"."id" ASC
    LIMIT $4) AS "s10")::text AS "plain"
