import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link resolves: in Markdown, `[text](path)` and `[text](path#heading)` (the file
 * exists, the heading too); in comments of source files, every repository path they name
 * (`docs/pg.md`, `src/pg/driver/RecyclingPool.ts`, relative to the repository or to the file).
 * A reader of the repository must be able to follow each one.
 */
const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage']);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
const files = walk(root);
const markdown = files.filter((f) => f.endsWith('.md'));
// This file's own comments and strings hold broken examples on purpose.
const self = fileURLToPath(import.meta.url);
const sources = files.filter((f) => /\.(ts|js|mjs|sh)$/.test(f) && f !== self);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(source: string): Set<string> {
  const text = withoutFences(source);
  return new Set([...text.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => slug(m[1] as string)));
}

/** A section named by its heading's first words: "Audit" for `## Audit (graphql-http …)`. */
function hasSection(file: string, section: string): boolean {
  const wanted = slug(section.replace(/\s+/g, ' '));
  return [...anchors(readFileSync(file, 'utf8'))].some(
    (a) => a === wanted || a.startsWith(`${wanted}-`),
  );
}

function withoutFences(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** Markdown without fenced code blocks and inline code, where a bracket is not a link. */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '');
}

function brokenMarkdownLinks(file: string, source: string): string[] {
  const broken: string[] = [];
  const text = withoutCode(source);
  const targets = [
    ...[...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string),
    ...[...text.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1] as string),
  ];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#') as [string, string | undefined];
    if (path === '') {
      if (anchor !== undefined && !anchors(source).has(anchor))
        broken.push(`${target} (no such heading)`);
      continue;
    }
    const resolved = resolve(dirname(file), decodeURI(path));
    if (!existsSync(resolved)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (
      anchor !== undefined &&
      resolved.endsWith('.md') &&
      !anchors(readFileSync(resolved, 'utf8')).has(anchor)
    )
      broken.push(`${target} (no such heading)`);
  }
  return broken;
}

/** The text of a source file's comments: `//` and `#` lines, and `/* … *\/` blocks. */
function comments(text: string): string {
  // A block's lines joined as one text, without their leading ` * `.
  const blocks = [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) =>
    m[0].replace(/\n\s*\*(?!\/) ?/g, ' '),
  );
  const lines = [...text.matchAll(/(?:^|\s)(?:\/\/|#) (.*)$/gm)].map((m) => m[1] as string);
  return [...blocks, ...lines].join('\n');
}

/** A repository path in a comment, and the section it names after it: `docs/pg.md, "Connections"`. */
const PATH_IN_COMMENT =
  /(?<![\w@./-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w.-]+\.(?:md|ts|js|mjs|json|sh|graphql|sql))(?![\w/-])(?:,\s+"([^"]+)")?/g;

/**
 * Paths in comments or prose, resolved against the repository, the file's folder and each folder between
 * (a usage line may name a script from the folder above it); a section named after a Markdown
 * path must be one of its headings.
 */
function brokenPaths(file: string, text: string): string[] {
  const broken: string[] = [];
  const bases: string[] = [root];
  for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
    bases.push(dir);
    if (dir === root) break;
  }
  for (const match of text.matchAll(PATH_IN_COMMENT)) {
    const [, path = '', section] = match;
    if (!path.includes('/') && !path.endsWith('.md')) continue; // a bare file name: no link
    const found = bases.map((base) => resolve(base, path)).find((p) => existsSync(p));
    if (!found) broken.push(path);
    else if (section !== undefined && found.endsWith('.md') && !hasSection(found, section))
      broken.push(`${path}, "${section}" (no such heading)`);
  }
  return broken;
}

describe('links', () => {
  it('finds the files to check', () => {
    expect(markdown.map((f) => relative(root, f))).toContain('README.md');
    expect(sources.length).toBeGreaterThan(100);
  });

  it('in Markdown resolve, headings included', () => {
    const broken = markdown.flatMap((f) =>
      brokenMarkdownLinks(f, readFileSync(f, 'utf8')).map((b) => `${relative(root, f)}: ${b}`),
    );
    expect(broken).toEqual([]);
  });

  it('are found when broken (the checks can fail)', () => {
    const here = join(root, 'docs', 'x.md');
    expect(
      brokenMarkdownLinks(
        here,
        '[a](pg.md) [b](limits.md) [c](pg.md#queries) [d](pg.md#nope) [e](#tour)\n`[f](no.md)`\n## Tour\n',
      ),
    ).toEqual(['limits.md (no such file)', 'pg.md#nope (no such heading)']);
    const source = join(root, 'src', 'pg', 'x.ts');
    expect(
      brokenPaths(
        source,
        comments(
          [
            '/** See docs/pg.md, "Name',
            ' * collisions", docs/server.md, "Audit", and docs/limits.md. */',
            '// the design in docs/DESIGN.md; reflect.ts; docs/pg.md, "No such part"',
            'const a = "docs/unlinked.md"; // README.md',
          ].join('\n'),
        ),
      ),
    ).toEqual(['docs/limits.md', 'docs/DESIGN.md', 'docs/pg.md, "No such part" (no such heading)']);
  });

  it('in Markdown prose name documents that exist', () => {
    // Prose also names files a reader makes (`--schema ./schema.js`): only documents count.
    const broken = markdown.flatMap((f) =>
      brokenPaths(f, withoutFences(readFileSync(f, 'utf8')))
        .filter((b) => /\.md\b/.test(b))
        .map((b) => `${relative(root, f)}: ${b}`),
    );
    expect(broken).toEqual([]);
  });

  it('in comments name files that exist', () => {
    const broken = sources.flatMap((f) =>
      brokenPaths(f, comments(readFileSync(f, 'utf8'))).map((b) => `${relative(root, f)}: ${b}`),
    );
    expect(broken).toEqual([]);
  });
});
