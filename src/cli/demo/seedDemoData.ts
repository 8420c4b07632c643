import type { Progress } from '../progressBar.js';

export interface DemoUser {
  readonly id: number;
  readonly username: string;
  readonly fullName: string;
  readonly email: string;
  readonly createdAt: string;
}

export interface DemoPost {
  readonly id: number;
  readonly authorId: number;
  readonly title: string;
  readonly body: string;
  readonly createdAt: string;
}

export interface DemoComment {
  readonly id: number;
  readonly postId: number;
  readonly authorId: number;
  readonly content: string;
  readonly createdAt: string;
}

export interface DemoData {
  readonly users: DemoUser[];
  readonly posts: DemoPost[];
  readonly comments: DemoComment[];
}

export const DEMO_SIZES = { users: 200, posts: 2_000, comments: 10_000 } as const;

/** mulberry32: a tiny seeded PRNG, so every demo has the same data (and tests can rely on it). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Edsger',
  'Margaret',
  'Ken',
  'Frances',
  'Dennis',
  'Radia',
  'Donald',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Dijkstra',
  'Hamilton',
  'Thompson',
  'Allen',
  'Ritchie',
  'Perlman',
  'Knuth',
];
const TOPICS = [
  'query planning',
  'JSON writers',
  'connection pools',
  'index scans',
  'cursor pagination',
  'schema design',
  'caching',
  'observability',
  'backpressure',
  'type systems',
];
const VERBS = [
  'Notes on',
  'Rethinking',
  'A field guide to',
  'Measuring',
  'Debugging',
  'Why we chose',
  'Lessons from',
];
const REPLIES = [
  'Great write-up!',
  'Have you measured this under load?',
  'This matches what we saw in production.',
  'Could you share the benchmark?',
  'I disagree with the second point.',
  'Bookmarked.',
  'What about the p99?',
];

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Generates the demo's users, posts and comments, in batches so the progress bar really moves.
 * Deterministic (seeded); timestamps step back from a fixed date.
 */
export async function seedDemoData(
  progress: Progress,
  sizes: { users: number; posts: number; comments: number } = DEMO_SIZES,
): Promise<DemoData> {
  const random = prng(20_240_601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const base = Date.UTC(2024, 5, 1);
  const at = (i: number) => new Date(base - i * 3_600_000).toISOString();
  const total = sizes.users + sizes.posts + sizes.comments;
  const data: DemoData = { users: [], posts: [], comments: [] };
  const batch = 500;
  let done = 0;
  const tick = async (step: string) => {
    if (++done % batch !== 0) return;
    progress.update(done, total, step);
    await yieldToEventLoop();
  };

  for (let id = 1; id <= sizes.users; id++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const username = `${first}.${last}${id}`.toLowerCase();
    data.users.push({
      id,
      username,
      fullName: `${first} ${last}`,
      email: `${username}@example.com`,
      createdAt: at(id * 24),
    });
    await tick('users');
  }
  for (let id = 1; id <= sizes.posts; id++) {
    const title = `${pick(VERBS)} ${pick(TOPICS)}`;
    data.posts.push({
      id,
      authorId: 1 + Math.floor(random() * sizes.users),
      title,
      body: `${title}: what we tried, what we measured, and what we would do again.`,
      createdAt: at(id),
    });
    await tick('posts');
  }
  for (let id = 1; id <= sizes.comments; id++) {
    data.comments.push({
      id,
      postId: 1 + Math.floor(random() * sizes.posts),
      authorId: 1 + Math.floor(random() * sizes.users),
      content: pick(REPLIES),
      createdAt: at(id / 5),
    });
    await tick('comments');
  }
  progress.update(total, total, 'done');
  return data;
}
