-- 02_create_nested_down.graphql: 2 statements in one transaction
-- statement 1: $1 = input level 0 (Customer) p
-- statement 1: $2 = input level 0 (Customer) g0.c0
-- statement 1: $3 = input level 0 (Customer) g0.c1
-- statement 1: $4 = input level 1 (BankingRelationship) p
-- statement 1: $5 = input level 1 (BankingRelationship) g0.c0
-- statement 1: $6 = input level 3 (Contract) p
-- statement 1: $7 = input level 3 (Contract) g0.c0
-- statement 1: $8 = input level 4 (Transaction) p
-- statement 1: $9 = input level 4 (Transaction) g0.c0
-- statement 1: $10 = input level 2 (Tag) p
-- statement 1: $11 = input level 2 (Tag) g0.c0
-- statement 1: $12 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH "x0" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x0" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i),
"x1" AS (
  SELECT *
  FROM unnest($4::text::int4[], $5::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i1" AS (INSERT INTO "public"."banking_relationships" ("customer_id", "kind") SELECT par."id", x."c0"
  FROM "x1" AS x JOIN "k0" AS par ON par."#ord" = x.p
  ORDER BY x.ord
  RETURNING "id"),
"k1" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x1") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i1" AS i),
"x3" AS (
  SELECT *
  FROM unnest($6::text::int4[], $7::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i3" AS (INSERT INTO "public"."contracts" ("banking_relationship_id", "title") SELECT par."id", x."c0"
  FROM "x3" AS x JOIN "k1" AS par ON par."#ord" = x.p
  ORDER BY x.ord
  RETURNING "id"),
"k3" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x3") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i3" AS i),
"x4" AS (
  SELECT *
  FROM unnest($8::text::int4[], $9::text::"pg_catalog"."numeric"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i4" AS (INSERT INTO "public"."transactions" ("contract_id", "amount") SELECT par."id", x."c0"
  FROM "x4" AS x JOIN "k3" AS par ON par."#ord" = x.p
  ORDER BY x.ord
  RETURNING "id"),
"k4" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x4") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i4" AS i),
"x2" AS (
  SELECT *
  FROM unnest($10::text::int4[], $11::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", ord)),
"i2" AS (INSERT INTO "public"."tags" ("name") SELECT x."c0"
  FROM "x2" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k2" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x2") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i2" AS i),
"j2" AS (INSERT INTO "public"."customer_tags" ("customer_id", "tag_id") SELECT par."id", tgt."id"
  FROM "k2" AS tgt JOIN "x2" AS x ON x.ord = tgt."#ord" JOIN "k0" AS par ON par."#ord" = x.p
  ORDER BY x.ord)
SELECT set_config($12, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
SELECT (
  SELECT row_to_json("s11".*)
  FROM (
    SELECT "t1"."id" AS "id", "t1"."name" AS "name", (
      SELECT coalesce(json_agg("s7".*), '[]')
      FROM (
        SELECT "t2"."kind" AS "kind", (
          SELECT coalesce(json_agg("s6".*), '[]')
          FROM (
            SELECT "t3"."title" AS "title", (
              SELECT coalesce(array_to_json(array_agg("s5".*)), '[]')
              FROM (
                SELECT "t4"."amount"::text AS "amount"
                FROM "public"."transactions" AS "t4"
                WHERE "t4"."contract_id" = "t3"."id"
                ORDER BY "t4"."id" ASC
                LIMIT 100) AS "s5") AS "transactions"
            FROM "public"."contracts" AS "t3"
            WHERE "t3"."banking_relationship_id" = "t2"."id"
            ORDER BY "t3"."id" ASC
            LIMIT 100) AS "s6") AS "contracts"
        FROM "public"."banking_relationships" AS "t2"
        WHERE "t2"."customer_id" = "t1"."id"
        ORDER BY "t2"."id" ASC
        LIMIT 100) AS "s7") AS "bankingRelationships", (
      SELECT coalesce(array_to_json(array_agg("s10".*)), '[]')
      FROM (
        SELECT "t8"."name" AS "name"
        FROM "public"."tags" AS "t8" JOIN "public"."customer_tags" AS "j9" ON "j9"."tag_id" = "t8"."id"
        WHERE "j9"."customer_id" = "t1"."id"
        ORDER BY "t8"."id" ASC
        LIMIT 100) AS "s10") AS "tags"
    FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[]) WITH ORDINALITY AS k("k0", ord) JOIN "public"."customers" AS "t1" ON "t1"."id" = k."k0"
    ORDER BY k.ord) AS "s11")::text;
