SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'posts', p.j)), '[]')::text FROM (SELECT * FROM users ORDER BY id LIMIT 20) u
LEFT JOIN LATERAL (
  SELECT coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'comments', c.j)), '[]') AS j
  FROM (SELECT * FROM posts p WHERE p.author_id = u.id ORDER BY p.id LIMIT 10) p
  LEFT JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('id', c.id, 'content', c.content, 'author', a.j)), '[]') AS j
    FROM (SELECT * FROM comments c WHERE c.post_id = p.id ORDER BY c.id LIMIT 5) c
    LEFT JOIN LATERAL (SELECT json_build_object('id', a.id, 'username', a.username) AS j FROM users a WHERE a.id = c.author_id) a ON true
  ) c ON true
) p ON true;
