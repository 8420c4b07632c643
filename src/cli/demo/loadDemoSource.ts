import type { Progress } from '../progressBar.js';
import type { ServeSource } from '../startServer.js';
import { demoSchema } from './demoSchema.js';
import { seedDemoData, DEMO_SIZES } from './seedDemoData.js';

export const DEMO_QUERY = `# Welcome to the Sluice demo: users, their posts, and the comments on them.
# Press the run button (or Ctrl+Enter) to send this query.
query Feed {
  users(limit: 5) {
    id
    username
    fullName
    posts(limit: 2) {
      title
      commentCount
      comments(limit: 3) {
        content
        author {
          username
        }
      }
    }
  }
}
`;

/**
 * The demo's data and schema: THE function to swap when the reflected PGlite database lands
 * (seed PGlite with the same data, reflect it, return its schema, readiness and close).
 * For now: an in-memory resolver schema over generated, deterministic data.
 */
export async function loadDemoSource(progress: Progress): Promise<ServeSource> {
  const data = await seedDemoData(progress, DEMO_SIZES);
  progress.finish(
    `${data.users.length} users, ${data.posts.length} posts, ${data.comments.length} comments (in memory)`,
  );
  return { schema: demoSchema(data), defaultQuery: DEMO_QUERY, readiness: () => true };
}
