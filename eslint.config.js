// One linter for the whole repository. Besides the usual TypeScript rules it keeps the layers
// pointing one way (README.md, "Layout"): engine <- pg, engine <- server, and only cli wires them;
// the engine's folders in pipeline order (docs/architecture.md); and no import cycles anywhere.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const layer = (name, forbidden, { engineApiOnly = false } = {}) => ({
  files: [`src/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((other) => ({
            group: [`**/${other}/*`, `**/${other}`, `sluice/${other}`],
            message: `The ${name} layer must not import from ${other} (layers point one way, see README.md, "Layout").`,
          })),
          ...(engineApiOnly
            ? [
                {
                  group: ['**/engine/**', '!**/engine/index.js'],
                  message: `The ${name} layer may use only the engine's public API (src/engine/index.ts).`,
                },
              ]
            : []),
        ],
      },
    ],
  },
});

// Inside the engine, a request meets the folders in this order (docs/architecture.md); each may
// import the folders before it, never one after it. `errors` and `source` are leaves anyone may use.
const ENGINE_ORDER = ['language', 'schema', 'validation', 'plan', 'execution', 'request'];
const noNodeImports = {
  group: ['node:*'],
  message: 'The engine runs on any JavaScript runtime: no node: imports.',
};
const engineOrder = [
  {
    // Every engine file, folders not in ENGINE_ORDER included; the entries below add the order.
    files: ['src/engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noNodeImports] }],
    },
  },
  ...ENGINE_ORDER.map((folder, i) => ({
    files: [`src/engine/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ENGINE_ORDER.slice(i + 1).map((later) => ({
              group: [`../${later}/*`, `**/engine/${later}/*`],
              message: `engine/${folder} comes before engine/${later} in the request's path and must not import it (docs/architecture.md).`,
            })),
            noNodeImports,
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/node_modules/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-new-func': 'error',
      'no-eval': 'error',
    },
  },
  {
    // Import cycles, through runtime imports (type-only imports are erased and do not count). The
    // sources name a `.ts` file by its `.js` specifier, as TypeScript's NodeNext resolution has it.
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  layer('engine', ['pg', 'server', 'cli']),
  ...engineOrder,
  layer('pg', ['server', 'cli'], { engineApiOnly: true }),
  layer('server', ['pg', 'cli'], { engineApiOnly: true }),
);
