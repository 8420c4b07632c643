-- variables_objects.graphql, modes: json
-- $1 = $where.title.like
-- $2 = $where.status.eq
-- $3 = $n
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."title" AS "title", "t1"."status" AS "status", "t1"."views"::text AS "views"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."title" LIKE $1 AND "t1"."status" = $2
    ORDER BY "t1"."views" DESC, "t1"."id" ASC
    LIMIT $3) AS "s2")::text AS "posts"
