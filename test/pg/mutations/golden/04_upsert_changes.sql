-- 04_upsert_changes.graphql: 2 statements in one transaction
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.c0
-- statement 1: $3 = input level 0 (Customer) g0.c1
-- statement 1: $4 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
-- statement 2: $2 = input email
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" AS t ("name", "email") SELECT DISTINCT ON (x."c1", CASE WHEN x."c1" IS NULL THEN x.ord END) x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x."c1", CASE WHEN x."c1" IS NULL THEN x.ord END, x.ord DESC
  ON CONFLICT ON CONSTRAINT "customers_email_key" DO UPDATE SET "name" = EXCLUDED."name"
  WHERE (t."name") IS DISTINCT
  FROM (EXCLUDED."name")
  RETURNING "email", "id"),
"k0" AS (
  SELECT x.ord AS "#ord", coalesce(i."email", n."email", e."email") AS "email", coalesce(i."id", n."id", e."id") AS "id"
  FROM "x0" AS x LEFT JOIN "i0" AS i ON "i"."email" = x."c1" LEFT JOIN (
    SELECT row_number() OVER (ORDER BY x."c1", CASE WHEN x."c1" IS NULL THEN x.ord END, x.ord DESC) AS "#rn", count(*) OVER () AS "#of", x.ord
    FROM "x0" AS x
    WHERE x."c1" IS NULL) AS xn ON xn.ord = x.ord LEFT JOIN (
    SELECT row_number() OVER () AS "#rn", count(*) OVER () AS "#of", i.*
    FROM "i0" AS i
    WHERE i."email" IS NULL) AS n ON n."#rn" = xn."#rn" AND n."#of" = xn."#of" LEFT JOIN "public"."customers" AS e ON "e"."email" = x."c1")
SELECT set_config($4, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2".*)), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name", "t1"."email" AS "email"
    FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[], $2::text::"pg_catalog"."text"[]) WITH ORDINALITY AS k("k0", "u0", ord) JOIN "public"."customers" AS "t1" ON "t1"."id" = coalesce(k."k0", (
        SELECT e."id"
        FROM "public"."customers" AS e
        WHERE e."email" = k."u0"))
    ORDER BY k.ord) AS "s2")::text;
