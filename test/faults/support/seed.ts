/**
 * The schema the fault tests serve: `items` to query while things break, and `slow_naps`, a view
 * whose `slept` column sleeps for the row's `seconds` (pg_sleep in a function): a statement that
 * runs as long as a test needs, found in pg_stat_activity by its text.
 */
export const SEED_SQL = `
  CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL);
  INSERT INTO items SELECT i, 'item ' || i FROM generate_series(1, 20) AS i;
  CREATE TABLE naps (id integer PRIMARY KEY, seconds double precision NOT NULL);
  INSERT INTO naps VALUES (1, 0), (2, 1.5), (3, 4), (4, 120);
  CREATE FUNCTION nap(seconds double precision) RETURNS text LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_sleep(seconds);
      RETURN 'slept ' || seconds;
    END
  $$;
  CREATE VIEW slow_naps AS SELECT id, nap(seconds) AS slept FROM naps;
`;

/** A query that answers at once. */
export const ITEMS_QUERY = '{ items(limit: 3) { id name } }';
export const ITEMS_DATA = {
  items: [
    { id: 1, name: 'item 1' },
    { id: 2, name: 'item 2' },
    { id: 3, name: 'item 3' },
  ],
};

/** Naps: 1 → 0 s, 2 → 1.5 s, 3 → 4 s, 4 → 120 s (only a cancel ends it early). */
export const napQuery = (id: 1 | 2 | 3 | 4) =>
  `{ slowNaps(where: { id: { eq: ${id} } }) { id slept } }`;

/** How the nap statements show in pg_stat_activity.query. */
export const NAP_STATEMENT_PATTERN = '%slow_naps%';
