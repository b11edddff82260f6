import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run in Node, where the package's `node` export condition gives the Node platform: the
  // same swap tsup makes for that build (tsup.config.ts).
  resolve: {
    alias: [
      {
        find: /^.*\/platform\/selected\.js$/,
        replacement: fileURLToPath(new URL('./src/platform/selected.node.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The type tests (`expectTypeOf` in test/types/*.test-d.ts) run through tsc with every
    // `npm test`; a type that stops telling the truth fails like any other test.
    typecheck: {
      enabled: true,
      include: ['test/types/**/*.test-d.ts'],
      tsconfig: 'test/types/tsconfig.json',
    },
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // The JSON report lets .ci/run print the one summary line this CI reads.
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-report.json' },
  },
});
