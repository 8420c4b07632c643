/**
 * The demo database behind `sluice demo`: a small blog (users, posts, comments, tags through a
 * junction table), with an enum, a view, scalar types of every kind Sluice maps, and comments that
 * become descriptions. Each entry is one statement, so a progress bar can follow along.
 */
export const DEMO_SCHEMA: ReadonlyArray<string> = [
  `CREATE TYPE post_status AS ENUM ('draft', 'published', 'archived')`,
  `COMMENT ON TYPE post_status IS 'Where a post is in its life.'`,
  `CREATE TABLE users (
    id serial PRIMARY KEY,
    username text NOT NULL UNIQUE,
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
    author_id integer NOT NULL REFERENCES users (id),
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
  `CREATE INDEX posts_author_id_idx ON posts (author_id)`,
  `CREATE TABLE comments (
    id serial PRIMARY KEY,
    post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    author_id integer NOT NULL REFERENCES users (id),
    content text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `COMMENT ON TABLE comments IS 'What readers said about a post.'`,
  `CREATE INDEX comments_post_id_idx ON comments (post_id)`,
  `CREATE INDEX comments_author_id_idx ON comments (author_id)`,
  `CREATE TABLE tags (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE
  )`,
  `CREATE TABLE post_tags (
    post_id integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, tag_id)
  )`,
  `COMMENT ON TABLE post_tags IS 'Which tags a post carries (a junction table: many-to-many).'`,
  `CREATE INDEX post_tags_tag_id_idx ON post_tags (tag_id)`,
  `CREATE VIEW published_posts AS
    SELECT id, author_id, title, published_at FROM posts WHERE status = 'published'`,
  `COMMENT ON VIEW published_posts IS 'Posts readers can see.'`,
];
