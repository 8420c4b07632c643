import {
  createDemoDatabase,
  createPgliteClient,
  type DemoSeedSize,
  type ReflectOptions,
  type SqlClient,
} from '../../pg/index.js';
import type { Logger } from '../../server/index.js';
import { loadDatabaseSource } from '../loadDatabaseSource.js';
import type { Progress } from '../progressBar.js';
import type { ServeSource } from '../startServer.js';

/** What `sluice demo` seeds: 200 users, 2,000 posts, 10,000 comments, tags on every post. */
export const DEMO_SERVE_SIZE: DemoSeedSize = {
  users: 200,
  postsPerUser: 10,
  commentsPerPost: 5,
  tags: 12,
};

export const DEMO_QUERY = `# Welcome to the Sluice demo: a PostgreSQL database (PGlite, in this process),
# reflected into GraphQL. Every query below runs as ONE SQL statement that builds the JSON.
# Press the run button (or Ctrl+Enter) and pick an operation, or click one together in the
# Explorer on the left. \`sluice explain\` prints the SQL of any of them.
query Feed {
  users(limit: 5, where: { fullName: { isNull: false } }) {
    id
    username
    fullName
    postsAggregate { count }
    posts(limit: 2, orderBy: [{ views: DESC }]) {
      title
      status
      # A bigint column: its values come as strings ("9007199254820183"), as JSON numbers
      # (JavaScript's doubles) are exact only up to 2^53. Int is 32-bit, Float a double.
      views
      tags { name }
      comments(limit: 3) {
        content
        author { username }
      }
    }
  }
}

# A whole graph written in one transaction: the user (upserted by its unique username), a new
# post under it and a comment under that, whatever the depth one INSERT statement, then one
# statement that reads the answer back.
mutation WriteGraph {
  createUser(
    input: {
      username: "newcomer"
      email: "newcomer@example.com"
      externalId: "7f3c1a2e-0000-4000-8000-000000000001"
      createdAt: "2024-01-31T12:00:00Z"
      posts: [
        {
          title: "Hello, Sluice"
          comments: [{ content: "First!", authorId: 1, createdAt: "2024-01-31T12:05:00Z" }]
        }
      ]
    }
    onConflict: { columns: [USERNAME], update: [EMAIL] }
  ) {
    id
    username
    postsAggregate { count }
    posts(limit: 3, orderBy: [{ id: DESC }]) {
      title
      comments { content author { username } }
    }
  }
}
`;

/**
 * The demo database: an embedded PGlite, created and seeded while the progress bar follows each
 * statement. Closed again if seeding fails.
 */
export async function openDemoDatabase(
  progress: Progress,
  size: DemoSeedSize = DEMO_SERVE_SIZE,
): Promise<SqlClient> {
  progress.update(0, 1, 'starting PGlite');
  const started = performance.now();
  const client = await createPgliteClient();
  try {
    await createDemoDatabase(client, {
      size,
      onProgress: ({ step, done, total }) => progress.update(done, total, step),
    });
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  progress.finish(
    `${size.users} users, ${size.users * size.postsPerUser} posts, ` +
      `${size.users * size.postsPerUser * size.commentsPerPost} comments (PGlite, ${seconds} s)`,
  );
  return client;
}

/**
 * `sluice demo`: the demo database, reflected as any database `serve --database` is given (with
 * the reflection options of the command line: `--max-page-size`, …).
 */
export async function loadDemoSource(
  progress: Progress,
  logger: Logger,
  options: ReflectOptions = {},
): Promise<ServeSource> {
  const client = await openDemoDatabase(progress);
  try {
    const source = await loadDatabaseSource(client, options, 'the demo database', logger);
    return { ...source, defaultQuery: DEMO_QUERY };
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}
