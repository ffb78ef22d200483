import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'data/**',
      // the bench's React Router 7 comparator: its build and packages
      'scripts/react-router-7/{build,node_modules,.react-router}/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // react-router's internals change without notice between versions (ADR 0092)
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^UNSAFE_/]",
          message: "react-router's UNSAFE_ exports are its internals: use its public API (ADR 0092)",
        },
      ],
    },
  },
  {
    // client/ and shared/ never import server/ (house style rule 15); code that can reach the browser imports
    // server-only modules (loaders, legal texts, the upstream call table) for their types only. The browser build
    // fails too if one slips through (scripts/server-only.ts).
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    // entry.server.tsx is the server's render module (never in the browser build)
    ignores: ['shared/**/*.server.ts', 'client/entry.server.tsx'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '../server/*', '../../server/*'],
              message: 'client/ and shared/ must not import server/',
            },
            {
              group: ['**/*.server.ts', '**/*.server', '**/api/calls.ts'],
              allowTypeImports: true,
              message: 'server-only module: import its types only (`import type`)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*', '../../server/*'], message: 'shared/ must not import server/' },
          ],
        },
      ],
    },
  },
);
