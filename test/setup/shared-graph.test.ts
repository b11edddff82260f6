// Which fast files share one module graph per worker (vitest.config.ts's `fast` project) and
// which keep their own (`fast-isolated`): test/setup/shared-graph.ts's scan. A file that leaves
// state behind and shares anyway makes the files after it in its worker fail or hang (a mocked
// chunk that never arrives did: testtime6's `--no-isolate` hang).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../support/temp-folder.js';
import { fastFilesThatShare } from './shared-graph.js';

const folder = useTempFolder('seatpay-shared-graph-');

/** A tree of `files` (path under the root: text) and the fast files of it that share. */
async function sharing(files: Record<string, string>): Promise<string[]> {
  const root = folder.in(`tree-${Math.random().toString(36).slice(2)}`);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return fastFilesThatShare(root);
}

const PLAIN = "import { it } from 'vitest';\nit('adds', () => undefined);\n";

describe('the fast files that share a module graph', () => {
  it('are the files that leave nothing behind, each thing that stays naming its file isolated', async () => {
    const leaves = {
      'a module mocked': "vi.mock('../../src/node.js');",
      'a module mocked late': "vi.doMock(import('../../src/index.js'), () => ({}));",
      'the graph reset': 'beforeEach(() => vi.resetModules());',
      'the clock faked': "vi.useFakeTimers({ toFake: ['setTimeout'] });",
      'the date set': 'vi.setSystemTime(0);',
      'a global stubbed': "vi.stubGlobal('fetch', () => undefined);",
      'the environment stubbed': "vi.stubEnv('SEATPAY_TOKEN', 'x');",
      'a method spied on': "vi.spyOn(globalThis, 'fetch');",
      'a global replaced': 'globalThis.setInterval = (() => 0) as never;',
      'a global assigned': 'Object.assign(globalThis, { fetch: undefined });',
      'the environment written': "process.env.SEATPAY_TOKEN = 'x';",
      'an environment variable deleted': 'delete process.env.HOME;',
      'a listener on the process': "process.on('unhandledRejection', () => undefined);",
      'a named listener never taken off': "process.on('unhandledRejection', keep);",
      'a listener taken off for another event':
        "process.on('unhandledRejection', keep);\nprocess.off('warning', keep);",
      'another listener taken off':
        "process.once('exit', keep);\nprocess.removeListener('exit', other);",
      'the folder changed': "process.chdir('/');",
      'a process-wide table': "const table = Symbol.for('seatpay.decisionTurns');",
    };
    const files = Object.fromEntries(
      Object.entries(leaves).map(([what, line], i) => [
        `test/a/leaves-${i}.test.ts`,
        `// ${what}\n${line}\n${PLAIN}`,
      ]),
    );
    const shared = await sharing({
      ...files,
      'test/a/plain.test.ts': PLAIN,
      // A listener the file takes off again, by event and name, leaves nothing.
      'test/a/listens.test.ts': `beforeEach(() => process.on('unhandledRejection', keep));\nafterEach(() => process.off('unhandledRejection', keep));\nprocess.addListener('warning', $seen);\nprocess.removeListener('warning', $seen);\n${PLAIN}`,
      // Reading the environment or naming a global's type leaves nothing.
      'test/a/reads.test.ts': `const home = process.env.HOME;\nconst fetch: typeof globalThis.fetch = globalThis.fetch;\nif (process.env['X'] === 'y') throw new Error();\n${PLAIN}`,
    });
    expect(shared).toEqual([
      'test/a/listens.test.ts',
      'test/a/plain.test.ts',
      'test/a/reads.test.ts',
    ]);
  });

  it('follow the test files a file imports, to the end, but not the sources', async () => {
    const shared = await sharing({
      'test/support/clock.ts':
        "import { vi } from 'vitest';\nexport const fake = () => vi.useFakeTimers();\n",
      'test/support/via.ts': "export { fake } from './clock.js';\n",
      'test/support/plain.ts': 'export const two = 2;\n',
      'test/a/through-support.test.ts': `import { fake } from '../support/via.js';\n${PLAIN}`,
      'test/a/dynamic.test.ts': `const kit = await import('../support/clock.js');\n${PLAIN}`,
      'test/a/plain-support.test.ts': `import { two } from '../support/plain.js';\n${PLAIN}`,
      'src/mocks.ts': "vi.mock('./x.js');\n",
      'test/a/imports-src.test.ts': `import '../../src/mocks.js';\n${PLAIN}`,
      'test/a/missing.test.ts': `import { gone } from '../support/gone.js';\n${PLAIN}`,
    });
    expect(shared).toEqual([
      'test/a/imports-src.test.ts',
      'test/a/missing.test.ts',
      'test/a/plain-support.test.ts',
    ]);
  });

  it('take a listener for left on when added more often than taken off, or by a helper', async () => {
    const tracker =
      "export function track() {\n  process.on('unhandledRejection', keep);\n  return { stop: () => void process.off('unhandledRejection', keep) };\n}\n";
    const shared = await sharing({
      'test/support/track.ts': tracker,
      // The helper takes it off only when its caller calls stop(): this file never does.
      'test/a/never-stops.test.ts': `import { track } from '../support/track.js';\nbeforeAll(() => void track());\n${PLAIN}`,
      // Added before each test and once more in one, taken off once after each: one stays.
      'test/a/twice.test.ts': `beforeEach(() => process.on('exit', keep));\nit('again', () => void process.on('exit', keep));\nafterEach(() => process.off('exit', keep));\n${PLAIN}`,
      'test/a/as-often.test.ts': `beforeEach(() => process.on('exit', keep));\nafterEach(() => process.off('exit', keep));\nit('in turn', () => {\n  process.once('exit', keep);\n  process.removeListener('exit', keep);\n});\n${PLAIN}`,
    });
    expect(shared).toEqual(['test/a/as-often.test.ts']);
  });

  it('take a spy for nothing left when the test file restores every spy first thing after each test', async () => {
    const spies =
      "import { vi } from 'vitest';\nexport const spy = () => vi.spyOn(globalThis, 'fetch');\n";
    const shared = await sharing({
      'test/support/spies.ts': spies,
      'test/a/restores.test.ts': `import { spy } from '../support/spies.js';\nafterEach(() => void vi.restoreAllMocks());\n${PLAIN}`,
      'test/a/restores-first.test.ts': `import { spy } from '../support/spies.js';\nafterEach(async () => {\n  vi.restoreAllMocks();\n  await sink.close();\n});\n${PLAIN}`,
      // Something that may throw before the restore, or a restore once at the end: the spy may stay.
      'test/a/restores-late.test.ts': `import { spy } from '../support/spies.js';\nafterEach(async () => {\n  await sink.close();\n  vi.restoreAllMocks();\n});\n${PLAIN}`,
      'test/a/restores-once.test.ts': `import { spy } from '../support/spies.js';\nafterAll(() => vi.restoreAllMocks());\n${PLAIN}`,
      'test/a/never-restores.test.ts': `import { spy } from '../support/spies.js';\n${PLAIN}`,
      // Only spies: a stubbed global stays isolated whatever the file restores.
      'test/a/stubs.test.ts': `afterEach(() => vi.restoreAllMocks());\nvi.stubGlobal('fetch', undefined);\n${PLAIN}`,
    });
    expect(shared).toEqual(['test/a/restores-first.test.ts', 'test/a/restores.test.ts']);
  });

  it('are fast files only: not the full ones, not the end-to-end suites, not helpers', async () => {
    const shared = await sharing({
      'test/a/plain.test.ts': PLAIN,
      'test/a/built.full.test.ts': PLAIN,
      'test/e2e/flow.test.ts': PLAIN,
      'test/support/helper.ts': PLAIN,
      'test/types/shape.test-d.ts': PLAIN,
    });
    expect(shared).toEqual(['test/a/plain.test.ts']);
  });

  it("leave out this repository's files that mock, fake the clock or spy", () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const shared = fastFilesThatShare(root);
    // The file whose mocked chunk outlived it, and one that fakes the clock.
    expect(shared).not.toContain('test/core/large-answer-slices-chunk.test.ts');
    expect(shared).not.toContain('test/upload/resume.test.ts');
    expect(shared).toContain('test/core/json-body.test.ts');
    // upload-kit's users share: the spy on fetch has a file of its own (fetched-chunks.ts), whose
    // users restore it after each test.
    expect(shared).toContain('test/upload/simulator.test.ts');
    expect(shared).toContain('test/upload/node-sender.test.ts');
  });
});
