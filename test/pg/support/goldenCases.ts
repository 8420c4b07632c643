import { readdirSync } from 'node:fs';

/** The golden cases of a folder: the names of its `<name>.graphql` files, sorted. */
export function goldenCases(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .map((f) => f.slice(0, -'.graphql'.length))
    .sort();
}

/** A case's variables: its first line `# variables: {…}`, else none. */
export function goldenVariables(query: string): Record<string, unknown> {
  const header = /^# variables: (.*)$/m.exec(query);
  return header ? (JSON.parse(header[1] as string) as Record<string, unknown>) : {};
}
