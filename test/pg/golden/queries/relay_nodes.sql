-- relay_nodes.graphql, modes: json
-- $1 = "User"
-- $2 = $ids (id 1) (node key 1)
-- $3 = "Post"
-- $4 = $ids (id 2) (node key 1)
-- $5 = "User"
-- $6 = $ids (id 3) (node key 1)
-- $7 = "User"
-- $8 = $ids (id 4) (node key 1)
SELECT array_to_json(ARRAY[(
    SELECT row_to_json("s2".*)
    FROM (
      SELECT 'User' AS "__typename", replace(encode(convert_to(json_build_array($1::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t1"."username" AS "username"
      FROM "public"."users" AS "t1"
      WHERE "t1"."id" = $2::text::"pg_catalog"."int4") AS "s2"), (
    SELECT row_to_json("s4".*)
    FROM (
      SELECT 'Post' AS "__typename", replace(encode(convert_to(json_build_array($3::text, "t3"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t3"."id" AS "id", "t3"."title" AS "title"
      FROM "public"."posts" AS "t3"
      WHERE "t3"."id" = $4::text::"pg_catalog"."int4") AS "s4"), (
    SELECT row_to_json("s6".*)
    FROM (
      SELECT 'User' AS "__typename", replace(encode(convert_to(json_build_array($5::text, "t5"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t5"."username" AS "username"
      FROM "public"."users" AS "t5"
      WHERE "t5"."id" = $6::text::"pg_catalog"."int4") AS "s6"), (
    SELECT row_to_json("s8".*)
    FROM (
      SELECT 'User' AS "__typename", replace(encode(convert_to(json_build_array($7::text, "t7"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t7"."username" AS "username"
      FROM "public"."users" AS "t7"
      WHERE "t7"."id" = $8::text::"pg_catalog"."int4") AS "s8")]::json[])::text AS "nodes"
