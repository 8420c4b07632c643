-- variables_objects.graphql, modes: json
-- $1 = $where.title.like
-- $2 = $where.status.eq
-- $3 = $n
SELECT "t1"."id", "t1"."title", "t1"."status", "t1"."views"::text
FROM "public"."posts" AS "t1"
WHERE "t1"."title" LIKE $1 AND "t1"."status" = $2
ORDER BY "t1"."views" DESC, "t1"."id" ASC
LIMIT $3
