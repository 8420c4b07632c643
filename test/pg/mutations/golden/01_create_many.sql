-- 01_create_many.graphql: 1 statement (atomic alone: no transaction around it)
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.o
-- statement 1: $3 = input level 0 (Customer) g0.c0
-- statement 1: $4 = input level 0 (Customer) g0.c1
-- statement 1: $5 = input level 0 (Customer) g0.c2
-- statement 1: $6 = input level 0 (Customer) g1.o
-- statement 1: $7 = input level 0 (Customer) g1.c0
-- statement 1: $8 = input level 0 (Customer) g2.o
-- statement 1: $9 = input level 0 (Customer) g2.c0
-- statement 1: $10 = input level 0 (Customer) g2.c1
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[]) WITH ORDINALITY AS x("p", ord)),
"x0_0" AS (
  SELECT *
  FROM unnest($2::text::int4[], $3::text::"pg_catalog"."text"[], $4::text::"pg_catalog"."text"[], $5::text::"pg_catalog"."int4"[]) WITH ORDINALITY AS g("o", "c0", "c1", "c2", ord)),
"i0_0" AS (INSERT INTO "public"."customers" ("name", "email", "visits") SELECT g."c0", g."c1", g."c2"
  FROM "x0_0" AS g JOIN "x0" AS x ON x.ord = g.o
  ORDER BY g.ord
  RETURNING "id", "name", "email", "risk", "visits"),
"x0_1" AS (
  SELECT *
  FROM unnest($6::text::int4[], $7::text::"pg_catalog"."text"[]) WITH ORDINALITY AS g("o", "c0", ord)),
"i0_1" AS (INSERT INTO "public"."customers" ("name") SELECT g."c0"
  FROM "x0_1" AS g JOIN "x0" AS x ON x.ord = g.o
  ORDER BY g.ord
  RETURNING "id", "name", "email", "risk", "visits"),
"x0_2" AS (
  SELECT *
  FROM unnest($8::text::int4[], $9::text::"pg_catalog"."text"[], $10::text::"public"."risk"[]) WITH ORDINALITY AS g("o", "c0", "c1", ord)),
"i0_2" AS (INSERT INTO "public"."customers" ("name", "risk") SELECT g."c0", g."c1"
  FROM "x0_2" AS g JOIN "x0" AS x ON x.ord = g.o
  ORDER BY g.ord
  RETURNING "id", "name", "email", "risk", "visits"),
"k0" AS (
  SELECT g.o AS "#ord", r."id", r."name", r."email", r."risk", r."visits"
  FROM (
    SELECT row_number() OVER () AS "#rn", count(*) OVER () AS "#of", i.*
    FROM "i0_0" AS i) AS r JOIN "x0_0" AS g ON g.ord = r."#rn" AND r."#of" = (
    SELECT count(*)
    FROM "x0_0") UNION ALL SELECT g.o AS "#ord", r."id", r."name", r."email", r."risk", r."visits"
  FROM (
    SELECT row_number() OVER () AS "#rn", count(*) OVER () AS "#of", i.*
    FROM "i0_1" AS i) AS r JOIN "x0_1" AS g ON g.ord = r."#rn" AND r."#of" = (
    SELECT count(*)
    FROM "x0_1") UNION ALL SELECT g.o AS "#ord", r."id", r."name", r."email", r."risk", r."visits"
  FROM (
    SELECT row_number() OVER () AS "#rn", count(*) OVER () AS "#of", i.*
    FROM "i0_2" AS i) AS r JOIN "x0_2" AS g ON g.ord = r."#rn" AND r."#of" = (
    SELECT count(*)
    FROM "x0_2"))
SELECT (
  SELECT coalesce(array_to_json(array_agg("s2")), '[]')
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name", "t1"."email" AS "email", "t1"."risk" AS "risk", "t1"."visits" AS "visits"
    FROM "k0" AS "t1"
    ORDER BY "t1"."#ord") AS "s2")::text;
