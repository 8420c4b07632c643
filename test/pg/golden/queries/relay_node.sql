-- relay_node.graphql, modes: json, json, json
-- $1 = "User"
-- $2 = "Post"
-- $3 = literal 2
-- $4 = $user (node key 1)
-- $5 = "User"
-- $6 = literal "WyJQb3N0IiwgIjUiXQ==" (node key 1)
-- $7 = "User"
-- $8 = $none (node key 1)
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT 'User' AS "__typename", replace(encode(convert_to(json_build_array($1::text, "t1"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t1"."username" AS "username", (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT replace(encode(convert_to(json_build_array($2::text, "t2"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId", "t2"."title" AS "title"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id"
        ORDER BY "t2"."id" ASC
        LIMIT $3) AS "s3") AS "posts"
    FROM "public"."users" AS "t1"
    WHERE "t1"."id" = $4::text::"pg_catalog"."int4") AS "s4")::text AS "user",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT "t5"."id" AS "id", (
      SELECT row_to_json("s7".*)
      FROM (
        SELECT replace(encode(convert_to(json_build_array($5::text, "t6"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId"
        FROM "public"."users" AS "t6"
        WHERE "t6"."id" = "t5"."author_id") AS "s7") AS "author"
    FROM "public"."posts" AS "t5"
    WHERE "t5"."id" = $6::text::"pg_catalog"."int4") AS "s8")::text AS "post",
(
  SELECT row_to_json("s10".*)
  FROM (
    SELECT replace(encode(convert_to(json_build_array($7::text, "t9"."id"::text)::text, 'UTF8'), 'base64'), chr(10), '') AS "nodeId"
    FROM "public"."users" AS "t9"
    WHERE "t9"."id" = $8::text::"pg_catalog"."int4") AS "s10")::text AS "none"
