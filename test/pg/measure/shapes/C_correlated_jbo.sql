SELECT coalesce(json_agg(s.j), '[]')::text FROM (
  SELECT json_build_object('id', u.id, 'username', u.username, 'posts', (
    SELECT coalesce(json_agg(s.j), '[]') FROM (
      SELECT json_build_object('id', p.id, 'title', p.title, 'comments', (
        SELECT coalesce(json_agg(s.j), '[]') FROM (
          SELECT json_build_object('id', c.id, 'content', c.content, 'author', (
            SELECT json_build_object('id', a.id, 'username', a.username) FROM users a WHERE a.id = c.author_id
          )) AS j
          FROM comments c WHERE c.post_id = p.id ORDER BY c.id LIMIT 5
        ) s)) AS j
      FROM posts p WHERE p.author_id = u.id ORDER BY p.id LIMIT 10
    ) s)) AS j
  FROM users u ORDER BY u.id LIMIT 20
) s;
