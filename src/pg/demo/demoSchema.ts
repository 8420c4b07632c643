/**
 * The demo database behind `sluice demo`: a small blog (users, posts, comments, tags through a
 * junction table), with an enum, a view, scalar types of every kind Sluice maps, and comments that
 * become descriptions.
 *
 * Built the way a bulk load is (PostgreSQL manual, "Populating a Database", §14.4): tables with
 * their primary keys first (DEMO_TABLES), then the rows, then unique constraints, foreign keys and
 * indexes (DEMO_KEYS), each checked or built once over all rows instead of once per inserted row.
 * Constraint names are PostgreSQL's defaults, the same as declared inline.
 */
export const DEMO_TABLES: ReadonlyArray<string> = [
  `CREATE TYPE post_status AS ENUM ('draft', 'published', 'archived')`,
  `COMMENT ON TYPE post_status IS 'Where a post is in its life.'`,
  `CREATE TABLE users (
    id serial PRIMARY KEY,
    username text NOT NULL,
    full_name text,
    email text NOT NULL,
    external_id uuid NOT NULL,
    birthday date,
    score double precision,
    created_at timestamptz NOT NULL
  )`,
  `COMMENT ON TABLE users IS 'People who write posts and comments.'`,
  `COMMENT ON COLUMN users.username IS 'Unique handle, shown in URLs.'`,
  `CREATE TABLE posts (
    id serial PRIMARY KEY,
    author_id integer NOT NULL,
    title text NOT NULL,
    content text,
    status post_status NOT NULL DEFAULT 'draft',
    views bigint NOT NULL DEFAULT 0,
    rating numeric(4, 2),
    published_at timestamptz,
    metadata jsonb,
    labels text[] NOT NULL DEFAULT '{}'
  )`,
  `COMMENT ON TABLE posts IS 'Articles written by users.'`,
  `CREATE TABLE comments (
    id serial PRIMARY KEY,
    post_id integer NOT NULL,
    author_id integer NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `COMMENT ON TABLE comments IS 'What readers said about a post.'`,
  `CREATE TABLE tags (
    id serial PRIMARY KEY,
    name text NOT NULL
  )`,
  `CREATE TABLE post_tags (
    post_id integer NOT NULL,
    tag_id integer NOT NULL,
    PRIMARY KEY (post_id, tag_id)
  )`,
  `COMMENT ON TABLE post_tags IS 'Which tags a post carries (a junction table: many-to-many).'`,
  `CREATE VIEW published_posts AS
    SELECT id, author_id, title, published_at FROM posts WHERE status = 'published'`,
  `COMMENT ON VIEW published_posts IS 'Posts readers can see.'`,
];

/** Run after the rows are in: unique constraints, foreign keys, indexes on the foreign keys and for search. */
export const DEMO_KEYS: ReadonlyArray<string> = [
  `ALTER TABLE users ADD UNIQUE (username)`,
  `ALTER TABLE tags ADD UNIQUE (name)`,
  `ALTER TABLE posts ADD FOREIGN KEY (author_id) REFERENCES users (id)`,
  `ALTER TABLE comments ADD FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE`,
  `ALTER TABLE comments ADD FOREIGN KEY (author_id) REFERENCES users (id)`,
  `ALTER TABLE post_tags ADD FOREIGN KEY (post_id) REFERENCES posts (id) ON DELETE CASCADE`,
  `ALTER TABLE post_tags ADD FOREIGN KEY (tag_id) REFERENCES tags (id) ON DELETE CASCADE`,
  `CREATE INDEX posts_author_id_idx ON posts (author_id)`,
  `CREATE INDEX comments_post_id_idx ON comments (post_id)`,
  `CREATE INDEX comments_author_id_idx ON comments (author_id)`,
  `CREATE INDEX post_tags_tag_id_idx ON post_tags (tag_id)`,
  // Array filters on labels and full-text search on titles (docs/pg.md, "Queries").
  `CREATE INDEX posts_labels_idx ON posts USING gin (labels)`,
  `CREATE INDEX posts_title_search_idx ON posts USING gin (to_tsvector('english', title))`,
];
