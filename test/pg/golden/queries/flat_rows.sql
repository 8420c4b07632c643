-- flat_rows.graphql, modes: json
-- $1 = literal 4
-- $2 = literal 1
SELECT "t1"."id", "t1"."title", "t1"."content", "t1"."status", "t1"."views"::text, "t1"."rating"::text
FROM "public"."posts" AS "t1"
ORDER BY "t1"."id" ASC
LIMIT $1
OFFSET $2
