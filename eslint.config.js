// Lint rules: the recommended TypeScript set, `import * as z` for zod, and no Node built-ins in
// the browser entry.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'docs/api/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript examples (examples/opentelemetry) run in Node, outside TypeScript's view.
    files: ['examples/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', URL: 'readonly' },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // `interface Seat extends z.infer<typeof SeatSchema> {}`: an editor's hover then shows
      // `Seat`, where a type alias showed the whole inferred object, member by member.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
      // `import { z }` makes esbuild bundle every zod locale (toolchain.md §3).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^zod/] > ImportSpecifier[imported.name='z']",
          message: "Write `import * as z from 'zod/mini'`.",
        },
      ],
    },
  },
  {
    // The main entry runs in browsers: Node built-ins belong in src/node.ts (with src/node/ and the
    // SQLite journal, src/journals/sqlite/, which only it imports), the Node platform
    // (src/platform/node.ts, picked by the `node` export condition), src/mock or tests.
    files: ['src/**/*.ts'],
    ignores: [
      'src/node.ts',
      'src/node/**',
      'src/journals/sqlite/**',
      'src/platform/node.ts',
      'src/mock/**',
      'src/command/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'stream', 'buffer', 'crypto', 'util', 'os'],
              message: 'The main entry must run in browsers.',
            },
            {
              // The command is the package's user: what both need lives outside it (card-numbers).
              group: ['**/command/*'],
              message: 'The main entry imports no file of the `seatpay` command.',
            },
          ],
        },
      ],
    },
  },
  {
    // The `seatpay` command is a user of the package: it runs in Node, and calls only what the
    // entries export (its build imports them as `seatpay`, `seatpay/node`: tsup.config.ts).
    files: ['src/command/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!(index|node|postgres)\\.js$)',
              message:
                'The command uses only the package entries: ../index.js, ../node.js, ../postgres.js.',
            },
          ],
        },
      ],
    },
  },
);
