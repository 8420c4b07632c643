/**
 * The benchmark's data generator, bench/pg/data.js (plain JavaScript, owned by bench/pg), loaded by
 * URL so that TypeScript does not need a declaration file for it.
 */
export interface BenchData {
  schemaSql(): string[];
  seedSql(size: { users: number; postsPerUser: number; commentsPerPost: number }): string[];
  readonly SIZES: Readonly<
    Record<string, { users: number; postsPerUser: number; commentsPerPost: number }>
  >;
}

export async function loadBenchData(): Promise<BenchData> {
  const url = new URL('../../../bench/pg/data.js', import.meta.url).href;
  return (await import(/* @vite-ignore */ url)) as BenchData;
}
