import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Which fast test files may share one module graph per worker (vitest's `isolate: false`, the
// `fast` project of vitest.config.ts); every other fast file keeps a graph of its own
// (`fast-isolated`). A file shares unless it, or a test/ file it imports (test/support's helpers,
// followed to the end), does something that would outlive it in a shared graph or process:
const LEAVES_STATE: readonly [
  what: string,
  pattern: RegExp | ((text: string, file: string) => boolean),
][] = [
  // a module mocked, or the graph reset: the mock would answer the next file's imports
  ['mocks a module', /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules|importMock|hoisted)\b/],
  // the clock faked: a file that fails before restoring it leaves the next file's timers frozen
  ['fakes the clock', /\bvi\.(?:useFakeTimers|setSystemTime)\b/],
  // a global, the environment or a method replaced (a spy only when the test file does not
  // restore every spy after each test: SPIES_RESTORED)
  ['stubs a global', /\bvi\.(?:stubGlobal|stubEnv)\b/],
  ['spies on a method', /\bvi\.spyOn\b/],
  [
    'replaces a global',
    /(?<!typeof )\bglobalThis\.\w+\s*=[^=]|\b(?:defineProperty|assign)\(\s*globalThis\b/,
  ],
  // the process's folder or exit code, or a listener on it that the file does not take off again
  [
    'changes the process',
    (text, file) =>
      /\bprocess\.(?:chdir|exitCode)\b/.test(text) ||
      listenerLeftOn(text, file.endsWith('.test.ts')),
  ],
  // the environment written (reading it, as a child process's is built, leaves nothing)
  [
    'changes the environment',
    /\bprocess\.env\b(?:\.\w+|\[[^\]]+\])?\s*=[^=]|\bdelete\s+process\.env\b/,
  ],
  // a table kept for the whole process (decision-turns.ts's, for one)
  ['uses a process-wide table', /\bSymbol\.for\(/],
];

const ADDS_LISTENER =
  /\bprocess\.(?:on|once|addListener|prependListener)\b(?:\(\s*'([\w-]+)'\s*,\s*([\w$]+)\s*\))?/g;

/**
 * Whether `text` adds a listener to the process that it may leave there: one not given by name
 * (`process.on('exit', () => ...)`), one added more often than the same text takes it off with
 * `process.off(event, name)` (or `removeListener`: each takes off one of the times it was added),
 * or any added by a helper (not a test file): whether its caller ever calls what takes it off (a
 * `stop()` it returns) is not the helper's to say. The test files take theirs off in an
 * `afterEach`, an `afterAll` or a `finally`, which run when a test fails too.
 */
function listenerLeftOn(text: string, testFile: boolean): boolean {
  const added = [...text.matchAll(ADDS_LISTENER)];
  if (added.length > 0 && !testFile) return true;
  return added.some(([, event, name]) => {
    if (event === undefined || name === undefined) return true;
    const on = (verbs: string) =>
      new RegExp(
        `\\bprocess\\.(?:${verbs})\\(\\s*'${event}'\\s*,\\s*${name.replace(/\$/g, '\\$')}\\s*\\)`,
        'g',
      );
    const times = (verbs: string) => text.match(on(verbs))?.length ?? 0;
    return times('on|once|addListener|prependListener') > times('off|removeListener');
  });
}

/**
 * A test file whose `afterEach` restores every spy first thing (`vi.restoreAllMocks()`, before
 * anything that could throw): no spy of its own or of its helpers outlives its test, failed or not.
 */
const SPIES_RESTORED =
  /\bafterEach\(\s*(?:async\s*)?\(\)\s*=>\s*(?:void\s+|\{\s*)?vi\.restoreAllMocks\(\)/;

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Why `file` (and the test/ files it imports) must keep a module graph of its own, if it must.
 * `spiesRestored`: whether the test file restores every spy after each test (its own text says,
 * the files it imports inherit it).
 */
export function stateLeftBy(
  file: string,
  testRoot: string,
  seen = new Set<string>(),
  spiesRestored?: boolean,
): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  spiesRestored ??= SPIES_RESTORED.test(text);
  const reasons = LEAVES_STATE.filter(
    ([what, leaves]) =>
      !(spiesRestored && what === 'spies on a method') &&
      (typeof leaves === 'function' ? leaves(text, file) : leaves.test(text)),
  ).map(([what]) => `${what} (${relative(testRoot, file)})`);
  for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
    const imported = resolve(dirname(file), specifier!.replace(/\.js$/, '.ts'));
    // src/ is what the tests test: its module state is the tests' to check, in either project.
    if (!imported.startsWith(testRoot + '/') || !existsSync(imported)) continue;
    reasons.push(...stateLeftBy(imported, testRoot, seen, spiesRestored));
  }
  return reasons;
}

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.full.test.ts') ? [path] : [];
  });
}

/**
 * The fast test files under `root`/test that leave no state behind, relative to `root`: the
 * `*.test.ts` files but the full ones, not under test/e2e (vitest.config.ts's fast set), that
 * {@link stateLeftBy} finds nothing in. A file it cannot read stays isolated.
 */
export function fastFilesThatShare(root: string): string[] {
  const testRoot = join(root, 'test');
  return testFiles(testRoot)
    .filter((file) => !file.startsWith(join(testRoot, 'e2e') + '/'))
    .filter((file) => {
      try {
        return stateLeftBy(file, testRoot).length === 0;
      } catch {
        return false;
      }
    })
    .map((file) => relative(root, file))
    .sort();
}
