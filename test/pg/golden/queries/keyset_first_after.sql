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
  SELECT json_build_object('totalCount', (
      SELECT count(*)::int
      FROM "public"."posts" AS "t2"), 'pageInfo', json_build_object('hasNextPage', count(*) > $1, 'hasPreviousPage', EXISTS (
        SELECT 1
        FROM "public"."posts" AS "t3"
        WHERE NOT (("t3"."views" < $2::text::"pg_catalog"."int8") OR ("t3"."views" = $3::text::"pg_catalog"."int8" AND "t3"."id" > $4::text::"pg_catalog"."int4"))), 'startCursor', (array_agg(p."c"
          ORDER BY p."i") FILTER (WHERE p."i" <= $5))[1], 'endCursor', (array_agg(p."c"
          ORDER BY p."i" DESC) FILTER (WHERE p."i" <= $6))[1]), 'edges', coalesce(json_agg(json_build_object('cursor', p."c", 'node', p."n0")
        ORDER BY p."i") FILTER (WHERE p."i" <= $7), '[]'))
  FROM (
    SELECT json_build_object('id', "t1"."id", 'views', "t1"."views"::text) AS "n0", replace(encode(convert_to(json_build_array($8::text, "t1"."views"::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "c", row_number() OVER (ORDER BY "t1"."views" DESC, "t1"."id" ASC) AS "i"
    FROM "public"."posts" AS "t1"
    WHERE (("t1"."views" < $9::text::"pg_catalog"."int8") OR ("t1"."views" = $10::text::"pg_catalog"."int8" AND "t1"."id" > $11::text::"pg_catalog"."int4"))
    ORDER BY "t1"."views" DESC, "t1"."id" ASC
    LIMIT $12 + 1) AS p GROUP BY ())::text AS "postsConnection"
