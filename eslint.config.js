// Lint rules: the recommended TypeScript set, plus a ban on Node built-ins in the browser entry.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'docs/api/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod'],
              importNames: ['z'],
              message: "Write `import * as z from 'zod/mini'`.",
            },
          ],
        },
      ],
    },
  },
  {
    // The main entry runs in browsers: Node built-ins belong in src/node.ts, src/mock or tests.
    files: ['src/**/*.ts'],
    ignores: ['src/node.ts', 'src/node/**', 'src/mock/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'stream', 'buffer', 'crypto', 'util', 'os'],
              message: 'The main entry must run in browsers.',
            },
          ],
        },
      ],
    },
  },
);
