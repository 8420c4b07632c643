import type { Progress } from '../progressBar.js';
import type { ServeSource } from '../startServer.js';
import { demoSchema } from './demoSchema.js';
import { seedDemoData, DEMO_SIZES } from './seedDemoData.js';

export const MEMORY_DEMO_QUERY = `# Welcome to the Sluice demo (in memory): users, their posts, and the comments on them.
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
 * `sluice demo --memory`: a resolver schema (with a mutation) over generated, deterministic data
 * in memory, no database. It shows Sluice's engine on hand-written resolvers; `sluice demo` serves
 * the reflected PGlite database instead (loadDemoSource).
 */
export async function loadMemoryDemoSource(progress: Progress): Promise<ServeSource> {
  const data = await seedDemoData(progress, DEMO_SIZES);
  progress.finish(
    `${data.users.length} users, ${data.posts.length} posts, ${data.comments.length} comments (in memory)`,
  );
  return { schema: demoSchema(data), defaultQuery: MEMORY_DEMO_QUERY, readiness: () => true };
}
