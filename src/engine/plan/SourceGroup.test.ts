import { describe, expect, it } from 'vitest';
import type { CompiledSourceQuery, DataSource, SourceTags } from '../source/DataSource.js';
import { tagsOfRuns, type SourceGroup } from './SourceGroup.js';

const source = {} as DataSource;
function group(tags: SourceTags | undefined): SourceGroup {
  const compiled = { execute: () => Promise.resolve([]), ...(tags ? { tags } : {}) };
  return { source, compiled: compiled as unknown as CompiledSourceQuery };
}
const tags = (reads: string[], writes: string[] = []): SourceTags => ({
  reads: new Set(reads),
  writes: new Set(writes),
});

describe('tagsOfRuns', () => {
  it("gives one statement's own tags, uncopied", () => {
    const own = tags(['public.users']);
    const failed: SourceGroup = { source, compiled: { error: new Error('x') } };
    expect(tagsOfRuns([failed, group(own), group(undefined)])).toBe(own);
  });

  it('joins the tags of several statements, leaving each as it was', () => {
    const a = tags(['public.users'], ['public.users']);
    const b = tags(['public.posts', 'public.users']);
    const joined = tagsOfRuns([group(a), group(b)]);
    expect([...(joined?.reads ?? [])]).toEqual(['public.users', 'public.posts']);
    expect([...(joined?.writes ?? [])]).toEqual(['public.users']);
    expect([[...a.reads], [...b.reads]]).toEqual([
      ['public.users'],
      ['public.posts', 'public.users'],
    ]);
  });

  it('is undefined when no statement reports tags', () => {
    expect(tagsOfRuns([group(undefined)])).toBeUndefined();
    expect(tagsOfRuns([])).toBeUndefined();
  });
});
