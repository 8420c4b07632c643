-- array_filters.graphql, modes: json, json, json, json
-- $1 = $labels
-- $2 = literal 3
-- $3 = literal ["sql", "n0", "n1", "n2"]
-- $4 = literal ["json", "testing"]
-- $5 = literal "design"
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."labels" AS "labels"
    FROM "public"."posts" AS "t1"
    WHERE "t1"."labels" @> $1::text::"pg_catalog"."text"[]
    ORDER BY "t1"."id" ASC
    LIMIT $2) AS "s2")::text AS "both",
(
  SELECT row_to_json("s4".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t3"
    WHERE "t3"."labels" <@ $3::text::"pg_catalog"."text"[]) AS "s4")::text AS "within",
(
  SELECT row_to_json("s6".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."labels" && $4::text::"pg_catalog"."text"[]) AS "s6")::text AS "either",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT count(*)::int AS "count"
    FROM "public"."posts" AS "t7"
    WHERE "t7"."labels" @> $5::text::"pg_catalog"."text"[]) AS "s8")::text AS "one"
