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
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // a function a newcomer can read in one sitting, a module in a few: past 120 lines of code in a function or 300
    // in a module (blank lines and comments not counted), its parts become functions, hooks, components or modules of
    // their own. Tests are not held to it (a suite's describe), nor are the data dictionaries (the messages of a
    // section, the privacy policy's text): they are long because the text is
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['tests/**', '**/messages.ts', 'shared/sections/legal/privacy-policy.server.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // react-router's internals change without notice between versions (ADR 0092)
    files: ['server/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
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
    // code by where it runs: server → shared ← client, never back (server/README.md, client/README.md,
    // shared/README.md). Code that can reach the browser imports server-only modules (loaders, legal texts, the
    // upstream call table) for their types only; the browser build fails too if one slips through
    // (scripts/server-only.ts).
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/**/*.server.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*', '../../server/*'], message: 'shared/ must not import server/' },
            { group: ['**/client/**', '../client/*', '../../client/*'], message: 'shared/ must not import client/' },
            { group: ['**/content-api/**', '../content-api/*'], message: 'shared/ must not import content-api/' },
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
            { group: ['**/client/**', '../client/*', '../../client/*'], message: 'shared/ must not import client/' },
            { group: ['**/content-api/**', '../content-api/*'], message: 'shared/ must not import content-api/' },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '../server/*', '../../server/*'], message: 'client/ must not import server/' },
            { group: ['**/content-api/**', '../content-api/*'], message: 'client/ must not import content-api/' },
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
    files: ['server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '../client/*', '../../client/*'], message: 'server/ must not import client/' },
            {
              group: ['**/content-api/**', '../content-api/*'],
              message: 'server/ reaches the content API only through the one import() in server/main.ts',
            },
          ],
        },
      ],
    },
  },
  {
    // the embedded content API is loaded by server/main.ts alone, and only without UPSTREAM_URL
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^UNSAFE_/]",
          message: "react-router's UNSAFE_ exports are its internals: use its public API (ADR 0092)",
        },
        {
          selector: 'ImportExpression[source.value=/content-api\\//]',
          message: 'server/ reaches the content API only through the one import() in server/main.ts',
        },
      ],
    },
  },
  {
    // the content API is its own app (the upstream's stand-in): it shares schemas and helpers in shared/, nothing
    // of the BFF or the browser code
    files: ['content-api/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '../server/*', '../../server/*'],
              message: 'content-api/ must not import server/',
            },
            {
              group: ['**/client/**', '../client/*', '../../client/*'],
              message: 'content-api/ must not import client/',
            },
          ],
        },
      ],
    },
  },
);
