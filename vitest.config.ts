import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { fastFilesThatShare } from './test/setup/shared-graph.js';

// Two projects (README "Development"):
// - `fast`: `npm test`. Unit, contract and in-process loopback tests; they import src/ directly,
//   so nothing is built first. Under two minutes on an idle 2-core machine.
// - `full`: the `*.full.test.ts` files and the type tests. Anything that needs dist/ (a build or
//   the packed tarball), a child process, a browser, another runtime or many seconds of CPU.
//   Its global setup builds dist/ once. `npm run test:all` runs both projects.
const FULL = 'test/**/*.full.test.ts';

// Vitest keeps the modules it transformed on disk (`fsModuleCache`, on by default) under
// node_modules, which the CI's `npm ci` deletes before every run: each run transformed every
// module again. Kept under .tmp/ instead (git ignores it), one folder per package-lock.json, so
// that new dependencies (another esbuild, another vite) still start from an empty cache.
// What both fast projects share. The end-to-end suites run inside
// test/openapi/simulator-answers.test.ts, which checks every answer they get against the OpenAPI
// document: on their own too, each ran twice. Run one with
// `npx vitest run test/openapi/simulator-answers.test.ts`.
const FAST = {
  include: ['test/**/*.test.ts'],
  exclude: [FULL, 'test/e2e/**'],
  setupFiles: ['test/setup/preload.ts'],
  // No process a test started outlives the run (test/setup/leftover-processes.ts).
  globalSetup: ['test/setup/leftover-processes.ts'],
};
const fastShared = fastFilesThatShare(fileURLToPath(new URL('.', import.meta.url)));

const locked = createHash('sha256')
  .update(readFileSync(new URL('./package-lock.json', import.meta.url)))
  .digest('hex')
  .slice(0, 16);
const fsModuleCachePath = fileURLToPath(new URL(`./.tmp/vitest-cache/${locked}`, import.meta.url));

export default defineConfig({
  // Tests run in Node, where the package's `#platform` import (its `node` condition) is the Node
  // platform: the sources get it as tsconfig.json's paths say.
  resolve: {
    alias: {
      '#platform': fileURLToPath(new URL('./src/platform/selected.node.ts', import.meta.url)),
    },
  },
  test: {
    // A guard against a test that hangs, not a budget: no test asserts how long it took. The
    // slowest fast test (reliability/money) waits about 6 s of real retries and polls, and took
    // 10 s idle and up to 20 s with four CPU burners on the 2 cores, so 20 s was not enough.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The JSON report lets .ci/run print the one summary line this CI reads; each npm script
    // names its own file (--outputFile.json) so the two runs do not overwrite each other.
    reporters: ['default', 'json'],
    fsModuleCachePath,
    outputFile: { json: '.tmp/vitest-report.json' },
    projects: [
      // The fast files in two projects (`npm test` runs both). Most share one
      // module graph per worker (`isolate: false`): src/ and preload.ts's helpers load once, not
      // once a file, which was more than half of `npm test`'s time. A file that mocks a module,
      // fakes the clock, stubs a global or the environment, listens on `process` or changes the
      // folder keeps a graph of its own (`fast-isolated`, as every file ran before): the scan in
      // test/setup/shared-graph.ts decides, so a new file that mocks is isolated by default.
      {
        extends: true,
        test: {
          ...FAST,
          name: 'fast',
          include: fastShared,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...FAST,
          name: 'fast-isolated',
          exclude: [...FAST.exclude, ...fastShared],
        },
      },
      {
        extends: true,
        test: {
          name: 'full',
          include: [FULL],
          globalSetup: ['test/setup/build-dist.ts', 'test/setup/leftover-processes.ts'],
          // The type tests (`expectTypeOf` in test/types/*.test-d.ts) run through tsc: a type
          // that stops telling the truth fails like any other test.
          typecheck: {
            enabled: true,
            include: ['test/types/**/*.test-d.ts'],
            tsconfig: 'test/types/tsconfig.json',
          },
        },
      },
    ],
  },
});
