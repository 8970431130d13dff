// Lint holds STYLE's layering: shared imports neither server nor web nor Node; web never
// imports server; server never imports web; a web feature uses another only through its index;
// a server module is used from outside (another module, the server's other folders, scripts,
// tests) only through its index (house/server-module-boundary, eslint/house-plugin.js).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import house from './eslint/house-plugin.js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'url', 'http', 'https', 'stream', 'child_process', 'worker_threads'];

const webPatterns = [
  { group: ['**/server/**'], message: 'The web app never imports server code; share it through src/shared.' },
  { group: nodeBuiltins, message: 'The web app runs in the browser: no Node built-ins.' },
];

// A feature folder (src/web/features/<x>) may use another feature only through that
// feature's index.ts, never its internals. Imports are relative, so "another feature" is
// spelled with as many "../" as the importing file is deep: one rule per feature and depth.
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.flatMap((feature) =>
  [1, 2, 3].map((depth) => ({
    files: [`src/web/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: `^(?:\\.\\./){${depth}}(?!${feature}/)(?:${features.join('|')})/.+`,
              message: `Import another feature through its index (e.g. '${'../'.repeat(depth)}quotes'), not its internals.`,
            },
          ],
        },
      ],
    },
  })),
);


export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'src/shared is pure: it imports neither server nor web code.' },
            { group: nodeBuiltins, message: 'src/shared runs in the browser too: no Node built-ins.' },
            { group: ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'react', 'react-dom'], message: 'src/shared is pure TypeScript.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    ignores: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webPatterns,
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports web code; share it through src/shared.' }] }],
    },
  },
  // A server module's inside is its own: everyone else imports `modules/<name>` (its index.ts).
  {
    files: ['src/server/**/*.{ts,tsx,js,mjs}', 'scripts/**/*.{ts,tsx,js,mjs}', 'tests/**/*.{ts,tsx,js,mjs}'],
    plugins: { house },
    rules: { 'house/server-module-boundary': 'error' },
  },
);
