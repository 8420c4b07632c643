-- json_filters.graphql, modes: json, json, json
-- $1 = $doc
-- $2 = literal 3
-- $3 = literal "words"
-- $4 = literal ["featured", "nope"]
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."metadata" AS "metadata"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."metadata" @> $1::text::jsonb
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s2")::text AS "featured",
(
  SELECT row_to_json("s4".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."metadata" ? $3::text) AS "s4")::text AS "withWords",
(
  SELECT row_to_json("s6".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."metadata" ?| $4::text::text[]) AS "s6")::text AS "either"
