-- keyset_first_after.graphql, modes: json
-- $1 = literal 2
-- $2 = $after (cursor key 1)
-- $3 = $after (cursor key 1)
-- $4 = $after (cursor key 2)
-- $5 = literal 2
-- $6 = literal 2
-- $7 = literal 2
-- $8 = "5fSSw4-klf"
-- $9 = $after (cursor key 1)
-- $10 = $after (cursor key 1)
-- $11 = $after (cursor key 2)
-- $12 = literal 2
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT (
      SELECT count(*)::int
      FROM "public"."posts" AS "c2") AS "totalCount", (
      SELECT row_to_json(x.*)
      FROM (
        SELECT count(p."i") > $1 AS "hasNextPage", EXISTS (
          SELECT 1
          FROM "public"."posts" AS "c3"
          WHERE NOT (("c3"."views" < $2::text::"pg_catalog"."int8") OR ("c3"."views" = $3::text::"pg_catalog"."int8" AND "c3"."id" > $4::text::"pg_catalog"."int4"))) AS "hasPreviousPage", (array_agg(p."c"
            ORDER BY p."i") FILTER (WHERE p."i" <= $5))[1] AS "startCursor", (array_agg(p."c"
            ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $6))[1] AS "endCursor") AS x) AS "pageInfo", coalesce(array_to_json(array_agg((
            SELECT row_to_json(x.*)
            FROM (
              SELECT p."c" AS "cursor", p."n0" AS "node") AS x)
          ORDER BY p."i") FILTER (WHERE p."i" <= $7)), '[]') AS "edges"
    FROM (
      SELECT (
        SELECT row_to_json(x.*)
        FROM (
          SELECT "t1"."id" AS "id", "t1"."views"::text AS "views") AS x) AS "n0", replace(encode(convert_to(json_build_array($8::text, "t1"."views"::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY "t1"."views" DESC, "t1"."id" ASC) AS "i"
      FROM "public"."posts" AS "t1"
      WHERE (("t1"."views" < $9::text::"pg_catalog"."int8") OR ("t1"."views" = $10::text::"pg_catalog"."int8" AND "t1"."id" > $11::text::"pg_catalog"."int4"))
      ORDER BY "t1"."views" DESC, "t1"."id" ASC
      LIMIT $12 + 1) AS p GROUP BY ()) AS "s4")::text AS "postsConnection"
