// Where the time of a profiled server went: reads a V8 .cpuprofile (from `--profile`, i.e. node
// --cpu-prof) and prints self time by file and by function, and inclusive time of the heaviest
// functions. Usage: node http/profileSummary.js <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node http/profileSummary.js <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Short place of a frame: node internals, a package in node_modules, or a path under the repo. */
function placeOf(url) {
  if (!url) return '(native/vm)';
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  const repo = /\/(dist|src|bench)\/(.*)$/.exec(url);
  return repo ? `${repo[1]}/${repo[2]}` : url;
}

const frameKey = ({ callFrame: f }) =>
  `${f.functionName || '(anonymous)'}  ${placeOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;

const selfByFunction = new Map();
const selfByPlace = new Map();
const inclusive = new Map();
let total = 0; // busy time: (idle) samples are counted apart
let idle = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);

profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id);
  if (node.callFrame.functionName === '(idle)') {
    idle += us;
    return;
  }
  total += us;
  add(selfByFunction, frameKey(node), us);
  add(selfByPlace, placeOf(node.callFrame.url), us);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const key = frameKey(byId.get(at));
    if (!seen.has(key)) add(inclusive, key, us);
    seen.add(key);
  }
});

function print(title, map) {
  console.log(`\n## ${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [key, us] of rows) {
    console.log(
      `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`,
    );
  }
}

console.log(
  `${file}: ${(total / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle; percentages of busy time`,
);
print('self time by place', selfByPlace);
print('self time by function', selfByFunction);
print('inclusive time by function', inclusive);
