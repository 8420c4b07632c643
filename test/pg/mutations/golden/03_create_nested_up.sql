-- 03_create_nested_up.graphql: 2 statements in one transaction
-- statement 1: $1 = input level 3 (Customer) p
-- statement 1: $2 = input level 3 (Customer) g0.c0
-- statement 1: $3 = input level 3 (Customer) g0.c1
-- statement 1: $4 = input level 2 (BankingRelationship) p
-- statement 1: $5 = input level 2 (BankingRelationship) r_customer
-- statement 1: $6 = input level 2 (BankingRelationship) g0.c0
-- statement 1: $7 = input level 1 (Contract) p
-- statement 1: $8 = input level 1 (Contract) r_bankingRelationship
-- statement 1: $9 = input level 1 (Contract) g0.c0
-- statement 1: $10 = input level 0 (Transaction) p
-- statement 1: $11 = input level 0 (Transaction) r_contract
-- statement 1: $12 = input level 0 (Transaction) g0.c0
-- statement 1: $13 = input level 0 (Transaction) g0.c1
-- statement 1: $14 = "sluice.keys0"
-- statement 2: $1 = "sluice.keys0"
WITH "x3" AS (
  SELECT *
  FROM unnest($1::text::int4[], $2::text::"pg_catalog"."text"[], $3::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "c0", "c1", ord)),
"i3" AS (INSERT INTO "public"."customers" ("name", "email") SELECT x."c0", x."c1"
  FROM "x3" AS x
  ORDER BY x.ord
  RETURNING "id"),
"k3" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x3") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i3" AS i),
"x2" AS (
  SELECT *
  FROM unnest($4::text::int4[], $5::text::int4[], $6::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "r_customer", "c0", ord)),
"i2" AS (INSERT INTO "public"."banking_relationships" ("customer_id", "kind") SELECT "r_customer"."id", x."c0"
  FROM "x2" AS x LEFT JOIN "k3" AS "r_customer" ON "r_customer"."#ord" = x."r_customer"
  ORDER BY x.ord
  RETURNING "id"),
"k2" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x2") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i2" AS i),
"x1" AS (
  SELECT *
  FROM unnest($7::text::int4[], $8::text::int4[], $9::text::"pg_catalog"."text"[]) WITH ORDINALITY AS x("p", "r_bankingRelationship", "c0", ord)),
"i1" AS (INSERT INTO "public"."contracts" ("banking_relationship_id", "title") SELECT "r_bankingRelationship"."id", x."c0"
  FROM "x1" AS x LEFT JOIN "k2" AS "r_bankingRelationship" ON "r_bankingRelationship"."#ord" = x."r_bankingRelationship"
  ORDER BY x.ord
  RETURNING "id"),
"k1" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x1") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i1" AS i),
"x0" AS (
  SELECT *
  FROM unnest($10::text::int4[], $11::text::int4[], $12::text::"pg_catalog"."int4"[], $13::text::"pg_catalog"."numeric"[]) WITH ORDINALITY AS x("p", "r_contract", "c0", "c1", ord)),
"i0" AS (INSERT INTO "public"."transactions" ("contract_id", "amount") SELECT coalesce("r_contract"."id", x."c0"), x."c1"
  FROM "x0" AS x LEFT JOIN "k1" AS "r_contract" ON "r_contract"."#ord" = x."r_contract"
  ORDER BY x.ord
  RETURNING "id"),
"k0" AS (
  SELECT CASE WHEN count(*) OVER () = (
    SELECT count(*)
    FROM "x0") THEN row_number() OVER () END AS "#ord", i.*
  FROM "i0" AS i)
SELECT set_config($14, coalesce((
      SELECT array_agg(k."id"
        ORDER BY k."#ord")::text
      FROM "k0" AS k), '{}'), true);
SELECT row_to_json("s8".*)::text
FROM (
  SELECT "t1"."id" AS "id", "t1"."amount"::text AS "amount", (
    SELECT row_to_json("s7".*)
    FROM (
      SELECT "t2"."title" AS "title", (
        SELECT row_to_json("s6".*)
        FROM (
          SELECT "t3"."kind" AS "kind", (
            SELECT row_to_json("s5".*)
            FROM (
              SELECT "t4"."name" AS "name"
              FROM "public"."customers" AS "t4"
              WHERE "t4"."id" = "t3"."customer_id") AS "s5") AS "customer"
          FROM "public"."banking_relationships" AS "t3"
          WHERE "t3"."id" = "t2"."banking_relationship_id") AS "s6") AS "bankingRelationship"
      FROM "public"."contracts" AS "t2"
      WHERE "t2"."id" = "t1"."contract_id") AS "s7") AS "contract"
  FROM unnest(nullif(current_setting($1, true), '')::"pg_catalog"."int4"[]) WITH ORDINALITY AS k("k0", ord) JOIN "public"."transactions" AS "t1" ON "t1"."id" = k."k0"
  ORDER BY k.ord) AS "s8";
