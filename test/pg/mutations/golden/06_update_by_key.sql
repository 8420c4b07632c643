-- 06_update_by_key.graphql: 2 statements in one transaction
-- statement 1: $1 = literal medium
-- statement 1: $2 = literal 3
-- statement 1: $3 = literal "10.05"
-- statement 1: $4 = $id
-- statement 1: $5 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH u AS (UPDATE "public"."customers" AS "t1" SET "risk" = $1::text::"public"."risk", "visits" = "t1"."visits" + $2::text::"pg_catalog"."int4", "balance" = "t1"."balance" + $3::text::"pg_catalog"."numeric"
  WHERE "t1"."id" = $4
  RETURNING "t1"."id")
SELECT set_config($5, coalesce((
      SELECT array_agg(u."id"
        ORDER BY u."id")::text
      FROM u), '{}'), true);
SELECT (
  SELECT row_to_json("s2")
  FROM (
    SELECT "t1"."id" AS "id", "t1"."risk" AS "risk", "t1"."visits" AS "visits", "t1"."balance"::text AS "balance"
    FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[]) WITH ORDINALITY AS k("k0", ord) JOIN "public"."customers" AS "t1" ON "t1"."id" = k."k0"
    ORDER BY k.ord) AS "s2")::text;
