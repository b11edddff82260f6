import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run in Node, where the package's `#platform` import (its `node` condition) is the Node
  // platform: the sources get it as tsconfig.json's paths say.
  resolve: {
    alias: {
      '#platform': fileURLToPath(new URL('./src/platform/selected.node.ts', import.meta.url)),
    },
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
