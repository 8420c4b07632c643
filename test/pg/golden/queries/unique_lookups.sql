-- unique_lookups.graphql, modes: json, json, json, json, json
-- $1 = literal 1
-- $2 = literal "grace2"
-- $3 = $name
-- $4 = literal "nobody"
-- $5 = literal 2
-- $6 = literal 6
-- $7 = literal 7
SELECT (
  SELECT row_to_json("s4".*)
  FROM (
    SELECT "t1"."id" AS "id", "t1"."username" AS "username", (
      SELECT coalesce(array_to_json(array_agg("s3".*)), '[]')
      FROM (
        SELECT "t2"."title" AS "title"
        FROM "public"."posts" AS "t2"
        WHERE "t2"."author_id" = "t1"."id"
        ORDER BY "t2"."id" ASC
        LIMIT $1) AS "s3") AS "posts"
    FROM "public"."users" AS "t1"
    WHERE "t1"."username" = $2) AS "s4")::text AS "userByUsername",
(
  SELECT row_to_json("s6".*)
  FROM (
    SELECT "t5"."id" AS "id", "t5"."name" AS "name"
    FROM "public"."tags" AS "t5"
    WHERE "t5"."name" = $3) AS "s6")::text AS "tagByName",
(
  SELECT row_to_json("s8".*)
  FROM (
    SELECT "t7"."id" AS "id"
    FROM "public"."users" AS "t7"
    WHERE "t7"."username" = $4) AS "s8")::text AS "missing",
(
  SELECT row_to_json("s10".*)
  FROM (
    SELECT "t9"."username" AS "username"
    FROM "public"."users" AS "t9"
    WHERE "t9"."id" = $5) AS "s10")::text AS "user",
(
  SELECT row_to_json("s14".*)
  FROM (
    SELECT (
      SELECT row_to_json("s13".*)
      FROM (
        SELECT "t12"."name" AS "name"
        FROM "public"."tags" AS "t12"
        WHERE "t12"."id" = "t11"."tag_id") AS "s13") AS "tag"
    FROM "public"."post_tags" AS "t11"
    WHERE "t11"."post_id" = $6 AND "t11"."tag_id" = $7) AS "s14")::text AS "postTag"
