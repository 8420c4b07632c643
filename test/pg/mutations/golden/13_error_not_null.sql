-- 13_error_not_null.graphql: 1 statement(s) in one transaction
-- statement 1: $1 = input level 0 (Note) p
-- statement 1: $2 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[]) WITH ORDINALITY AS x("p", ord)),
"i0" AS (INSERT INTO "public"."notes" SELECT 
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT row_number() OVER () AS "#ord", i.*
  FROM "i0" AS i)
SELECT set_config($2, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
