import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Web layering (docs/architecture.md "Web app"): a feature (apps/web/src/features/<name>) never imports
 * another feature, and src/lib and src/components import no feature; what two features share
 * belongs in src/lib (logic, calls, hooks) or src/components (UI). `no-restricted-imports` sees
 * only the specifier, so the rule is written per feature and per folder depth: from a file `d`
 * folders below its feature, `'../' x d + name` is a sibling feature and `'../' x (d+1) +
 * 'features/' + name` the same through src. Static imports and re-exports are checked; `import()`
 * of a feature belongs in src/app only (the router).
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_DEPTH = 6;
const ups = (n) => `(\\.\\./){${n}}`;
const featureBoundaries = WEB_FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH }, (_, i) => {
    const depth = i + 1;
    const other = `(?!${feature}(/|$))[^./]`;
    const message = `A feature never imports another feature (here: ${feature}). Move what both need to src/lib or src/components (docs/architecture.md "Web app").`;
    return {
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^${ups(depth)}${other}`, message },
              { regex: `^${ups(depth + 1)}features/${other}`, message },
            ],
          },
        ],
      },
    };
  }),
);
const sharedLayers = ['lib', 'components'].flatMap((layer) =>
  Array.from({ length: MAX_DEPTH }, (_, i) => ({
    files: [`apps/web/src/${layer}/${'*/'.repeat(i)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${ups(i + 1)}features/`,
              message: `src/${layer} is shared by every feature and imports none (docs/architecture.md "Web app").`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Static accessibility checks of the JSX (docs/decisions/044-keyboard-and-screen-reader.md);
    // the es-tooling fork of eslint-plugin-jsx-a11y, whose original stops at ESLint 9.
    ...jsxA11y.configs.recommended,
    files: ['apps/web/src/**/*.tsx'],
  },
  {
    // The service worker (decision 025) runs in a worker scope, not in a page or Node.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  ...featureBoundaries,
  ...sharedLayers,
  {
    files: ['bench/**', 'scripts/**', 'e2e/**', 'apps/web/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // CommonJS config files (.dependency-cruiser.cjs) load what they need with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Routes and socket handlers validate and call a service; the service opens the database
    // transaction (docs/architecture.md "Layers").
    files: [
      'apps/server/src/modules/**/*routes*.ts',
      'apps/server/src/modules/**/*-route.ts',
      'apps/server/src/modules/**/socket.ts',
      'apps/server/src/modules/**/module.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'A route never opens a database transaction: call a service function that does (docs/architecture.md "Layers").',
        },
      ],
    },
  },
  {
    files: ['packages/domino/src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval', 'fetch', 'process'],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'The engine is deterministic: use the seeded stream.',
        },
      ],
    },
  },
);
