#!/usr/bin/env node
// Runs the built CLI (`npm run build` makes dist/). From a checkout, `npm run sluice -- <args>`
// runs the TypeScript source directly.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'sluice: dist/cli/main.js is missing; run `npm run build` first (or `npm run sluice -- <args>`).\n',
  );
  process.exit(1);
}
await import(entry.href);
