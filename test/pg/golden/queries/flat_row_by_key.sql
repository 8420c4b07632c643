-- flat_row_by_key.graphql, modes: json
-- $1 = $id
SELECT "t1"."id", "t1"."username", "t1"."full_name", "t1"."external_id"
FROM "public"."users" AS "t1"
WHERE "t1"."id" = $1
