// One linter for the whole repository. Besides the usual TypeScript rules it keeps the layers
// pointing one way (README.md, "Layout"): engine <- pg, engine <- server, and only cli wires them.
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
  layer('engine', ['pg', 'server', 'cli']),
  layer('pg', ['server', 'cli'], { engineApiOnly: true }),
  layer('server', ['pg', 'cli'], { engineApiOnly: true }),
);
