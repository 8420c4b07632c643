-- offset_pagination.graphql, modes: json, json
-- $1 = literal 1
-- $2 = literal 1
-- $3 = $limit
-- $4 = $offset
-- $5 = literal 6
SELECT (
  SELECT coalesce(json_agg("s4".*), '[]')
  FROM (
    SELECT "t1"."id" AS "id", (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT "t2"."id" AS "id"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id"
        ORDER BY "t2"."id" ASC
        LIMIT $1
        OFFSET $2) AS "s3") AS "posts"
    FROM "public"."users" AS "t1"
    ORDER BY "t1"."id" ASC
    LIMIT $3
    OFFSET $4) AS "s4")::text AS "users",
(
  SELECT coalesce(array_to_json(array_agg("s6".*)), '[]')
  FROM (
    SELECT "t5"."id" AS "id"
    FROM "public"."tags" AS "t5"
    ORDER BY "t5"."id" ASC
    LIMIT 100
    OFFSET $5) AS "s6")::text AS "everything"
