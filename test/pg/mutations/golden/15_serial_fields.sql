-- 15_serial_fields.graphql: 3 statements in one transaction
-- statement 1: $1 = input level 0 (Tag) p
-- statement 1: $2 = input level 0 (Tag) g0.c0
-- statement 2: $1 = literal "renamed"
-- statement 2: $2 = literal "later"
-- statement 2: $3 = "sluice.keys0"
-- statement 3: $1 = "sluice.keys0"
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i0" AS (INSERT INTO "public"."tags" ("name") SELECT x."c0"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT row_number() OVER () AS "#ord", i.*
  FROM "i0" AS i)
SELECT (
  SELECT row_to_json("s2")
  FROM (
    SELECT "t1"."id" AS "id"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
WITH u AS (UPDATE "public"."tags" AS "t1" SET "name" = $1::text::"pg_catalog"."text"
  WHERE "t1"."name" = $2
  RETURNING "t1"."id")
SELECT set_config($3, coalesce((
      SELECT array_agg(u."id"
        ORDER BY u."id")::text
      FROM u), '{}'), true);
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2")), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name"
    FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[]) WITH ORDINALITY AS k("k0", ord) JOIN "public"."tags" AS "t1" ON "t1"."id" = k."k0"
    ORDER BY k.ord) AS "s2")::text;
