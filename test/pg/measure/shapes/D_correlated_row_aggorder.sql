SELECT coalesce(json_agg(u.j ORDER BY u.o), '[]')::text AS json FROM (
  SELECT row_to_json(x) AS j, x.id AS o FROM (
  SELECT u.id, u.username, (
    SELECT coalesce(json_agg(p.j ORDER BY p.o), '[]') FROM (SELECT row_to_json(x) AS j, x.id AS o FROM (
      SELECT p.id, p.title, (
        SELECT coalesce(json_agg(c.j ORDER BY c.o), '[]') FROM (SELECT row_to_json(x) AS j, x.id AS o FROM (
          SELECT c.id, c.content, (
            SELECT row_to_json(a) FROM (SELECT a.id, a.username FROM users a WHERE a.id = c.author_id) a
          ) AS author
          FROM comments c WHERE c.post_id = p.id ORDER BY c.id LIMIT 5
        ) x) c
      ) AS comments
      FROM posts p WHERE p.author_id = u.id ORDER BY p.id LIMIT 10
    ) x) p
  ) AS posts
  FROM users u ORDER BY u.id LIMIT 20
  ) x
) u;
