-- flat_rows_empty.graphql, modes: json
-- $1 = literal "nobody"
SELECT "t1"."id", "t1"."username"
FROM "public"."users" AS "t1"
WHERE "t1"."username" = $1
ORDER BY "t1"."id" ASC
LIMIT 100
