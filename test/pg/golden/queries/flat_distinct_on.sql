-- flat_distinct_on.graphql, modes: json
-- $1 = literal 3
SELECT DISTINCT ON ("t1"."author_id") "t1"."author_id", "t1"."id", "t1"."views"::text
FROM "public"."posts" AS "t1"
ORDER BY "t1"."author_id" ASC, "t1"."views" DESC, "t1"."id" ASC
LIMIT $1
