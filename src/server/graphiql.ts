import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GraphiQLOptions, HttpResponse } from './types.js';

/**
 * GraphiQL served from the npm packages (graphiql 3's UMD build on React 18's UMD files, and the
 * Explorer plugin's), never from a CDN: the page works offline and behind firewalls. The files are
 * read once, on first use.
 */
const require = createRequire(import.meta.url);

interface Asset {
  readonly pkg: string;
  readonly file: string;
  readonly type: string;
}

export const GRAPHIQL_ASSETS: Readonly<Record<string, Asset>> = {
  'react.production.min.js': {
    pkg: 'react',
    file: 'umd/react.production.min.js',
    type: 'text/javascript',
  },
  'react-dom.production.min.js': {
    pkg: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    type: 'text/javascript',
  },
  'graphiql.min.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'text/javascript' },
  'graphiql.min.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
  // The Explorer: the schema as a tree of checkboxes that writes the query (GraphiQL's plugin).
  'explorer.min.js': {
    pkg: '@graphiql/plugin-explorer',
    file: 'dist/index.umd.js',
    type: 'text/javascript',
  },
  'explorer.css': { pkg: '@graphiql/plugin-explorer', file: 'dist/style.css', type: 'text/css' },
};

const loaded = new Map<string, Promise<Uint8Array>>();

function load(asset: Asset): Promise<Uint8Array> {
  const key = `${asset.pkg}/${asset.file}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    bytes = Promise.resolve().then(() => {
      const root = dirname(require.resolve(`${asset.pkg}/package.json`));
      return readFile(join(root, asset.file));
    });
    // A failed read is not cached: the package may be installed later without a restart.
    bytes.catch(() => loaded.delete(key));
    loaded.set(key, bytes);
  }
  return bytes;
}

export async function graphiqlAsset(name: string): Promise<HttpResponse | null> {
  const asset = Object.hasOwn(GRAPHIQL_ASSETS, name) ? GRAPHIQL_ASSETS[name] : undefined;
  if (!asset) return null;
  try {
    const body = await load(asset);
    return {
      status: 200,
      headers: {
        'content-type': `${asset.type}; charset=utf-8`,
        'cache-control': 'public, max-age=86400',
      },
      body,
    };
  } catch {
    return {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `GraphiQL asset unavailable: install the "${asset.pkg}" package.`,
    };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script>: `<` is escaped so no `</script>` can close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A CSP source for one inline element: the sha256 of its exact text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy: scripts and styles from this server plus exactly the page's
 * one inline script and one inline style (by hash), requests only to this origin, and no framing
 * (clickjacking). GraphiQL's CSS carries its icons and fonts as data: URLs.
 */
function contentSecurityPolicy(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${hashSource(script)}`,
    `style-src 'self' ${hashSource(style)}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function graphiqlPage(
  endpoint: string,
  assetsPath: string,
  options: GraphiQLOptions,
): HttpResponse {
  const title = escapeHtml(options.title ?? 'Sluice GraphiQL');
  const asset = (name: string) => escapeHtml(`${assetsPath}/${name}`);
  const explorer = options.explorer ?? true;
  const subscriptions = options.subscriptions ?? false;
  const config = scriptJson({
    endpoint,
    defaultQuery: options.defaultQuery,
    explorer,
    subscriptions,
  });
  const style = 'html,body,#graphiql{height:100%;margin:0}';
  const script = `
const config = ${config};
const fetcherOptions = { url: config.endpoint };
// Subscriptions go over graphql-ws at the same URL (GraphiQL sends them nowhere else).
if (config.subscriptions)
  fetcherOptions.subscriptionUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + config.endpoint;
const fetcher = GraphiQL.createFetcher(fetcherOptions);
const props = { fetcher, defaultEditorToolsVisibility: true };
if (config.defaultQuery !== undefined) props.defaultQuery = config.defaultQuery;
// The Explorer, open from the start, when its package is installed (else GraphiQL alone).
if (config.explorer && typeof GraphiQLPluginExplorer !== 'undefined') {
  const explorer = GraphiQLPluginExplorer.explorerPlugin();
  props.plugins = [explorer];
  props.visiblePlugin = explorer;
}
ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, props));
`;
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${asset('graphiql.min.css')}">
${explorer ? `<link rel="stylesheet" href="${asset('explorer.css')}">\n` : ''}<style>${style}</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="${asset('react.production.min.js')}"></script>
<script src="${asset('react-dom.production.min.js')}"></script>
<script src="${asset('graphiql.min.js')}"></script>
${explorer ? `<script src="${asset('explorer.min.js')}"></script>\n` : ''}<script>${script}</script>
</body>
</html>
`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': contentSecurityPolicy(script, style),
      'x-frame-options': 'DENY',
    },
    body,
  };
}
