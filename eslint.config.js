// Lint holds STYLE's layering: shared imports neither server nor web nor Node; web never
// imports server; server never imports web.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'url', 'http', 'https', 'stream', 'child_process', 'worker_threads'];

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
          patterns: [
            { group: ['**/server/**'], message: 'The web app never imports server code; share it through src/shared.' },
            { group: nodeBuiltins, message: 'The web app runs in the browser: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports web code; share it through src/shared.' }] }],
    },
  },
);
