#!/usr/bin/env node
// Runs the built CLI (`npm run build` makes dist/). From a checkout, `npm run sluice -- <args>`
// runs the TypeScript source directly.
import { existsSync, readFileSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'sluice: dist/cli/main.js is missing; run `npm run build` first (or `npm run sluice -- <args>`).\n',
  );
  process.exit(1);
}
// The engine needs only graphql; the command also serves a database and GraphiQL, whose packages
// are optional peer dependencies of sluice (README.md, "Packages"): say which are missing.
const { peerDependencies, peerDependenciesMeta } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const optional = Object.keys(peerDependenciesMeta);
const missing = optional.filter((name) => {
  try {
    import.meta.resolve(name);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  process.stderr.write(
    `sluice: the command needs ${missing.join(', ')} (optional peer dependencies of sluice); ` +
      `install them with: npm install ${missing.map((n) => `${n}@${peerDependencies[n]}`).join(' ')}\n`,
  );
  process.exit(1);
}
await import(entry.href);
