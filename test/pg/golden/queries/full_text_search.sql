-- full_text_search.graphql, modes: json, json
-- $1 = $q
-- $2 = literal 2
-- $3 = literal "\"about sql\""
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."title" AS "title"
    FROM "public"."posts" AS "t1"
    WHERE to_tsvector('english'::regconfig, "t1"."title") @@ websearch_to_tsquery('english'::regconfig, $1::text)
    ORDER BY "t1"."id" DESC
    LIMIT $2) AS "s2")::text AS "posts",
(
  SELECT row_to_json("s4".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t3"
    WHERE to_tsvector('english'::regconfig, "t3"."title") @@ websearch_to_tsquery('english'::regconfig, $3::text)) AS "s4")::text AS "postsAggregate"
