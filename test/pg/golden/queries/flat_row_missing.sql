-- flat_row_missing.graphql, modes: json
-- $1 = $id
SELECT "t1"."id", "t1"."username"
FROM "public"."users" AS "t1"
WHERE "t1"."id" = $1
