-- 07_update_by_where.graphql: 2 statements in one transaction
-- statement 1: $1 = literal 1
-- statement 1: $2 = literal "%@x"
-- statement 1: $3 = literal 5
-- statement 1: $4 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH u AS (UPDATE "public"."customers" AS "t1" SET "visits" = "t1"."visits" + $1::text::"pg_catalog"."int4"
  WHERE "t1"."email" LIKE $2 AND "t1"."visits" < $3
  RETURNING "t1"."id")
SELECT set_config($4, coalesce((
      SELECT array_agg(u."id"
        ORDER BY u."id")::text
      FROM u), '{}'), true);
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2")), '[]')
  FROM (
    SELECT "t1"."name" AS "name", "t1"."visits" AS "visits"
    FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[]) WITH ORDINALITY AS k("k0", ord) JOIN "public"."customers" AS "t1" ON "t1"."id" = k."k0"
    ORDER BY k.ord) AS "s2")::text;
