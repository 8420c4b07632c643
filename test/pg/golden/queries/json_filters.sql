-- json_filters.graphql, modes: json, json, json
-- $1 = $doc
-- $2 = literal 3
-- $3 = literal "words"
-- $4 = literal ["featured", "nope"]
SELECT (
  SELECT coalesce(json_agg("s2"), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."metadata" AS "metadata"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."metadata" @> $1::text::jsonb
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s2")::text AS "featured",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."posts" AS "t3"
  WHERE "t3"."metadata" ? $3::text)::text AS "withWords",
(
  SELECT json_build_object('count', count(*)::int)
  FROM "public"."posts" AS "t4"
  WHERE "t4"."metadata" ?| $4::text::text[])::text AS "either"
