-- 10_error_unique.graphql: 2 statement(s) in one transaction
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.c0
-- statement 1: $3 = input level 0 (Customer) g0.c1
-- statement 1: $4 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT row_number() OVER () AS "#ord", i.*
  FROM "i0" AS i)
SELECT set_config($4, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT row_number() OVER () AS "#ord", i.*
  FROM "i0" AS i)
SELECT set_config($4, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
