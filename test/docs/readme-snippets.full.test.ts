import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { packAndInstall } from '../package/support/pack-and-install.js';
import { repoRoot } from './support/readme-commands.js';
import {
  compileErrors,
  linkDevModules,
  readmeSnippets,
  runsInNode,
  runSnippet,
  writeSnippets,
  type SnippetRun,
} from './support/readme-snippets.js';

// Every ```ts block of the README, as a user copies it: compiled against the packed tarball under
// `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`, then run (each in its own
// process, with tsx) against the simulator, except the ones that need a browser page. The names a
// snippet takes from the text around it (`client`, `subscription` ...) come from a context module
// (support/readme-snippets.ts); the placeholder server `https://api.example.com` is the simulator.
// A block for another runtime (Deno, Workers) is marked `<!-- snippet: compile-only -->` on the line
// before it: compiled, not run.
// Needs dist/ (the tarball), hence `.full`.

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const snippets = readmeSnippets(readme);
const runnable = snippets.filter(runsInNode);
const RUN_TIMEOUT_MS = 120_000;

/** What a script snippet reads from its command line: a file to upload, or an order id. */
function argumentsOf(code: string): string[] {
  if (/fromPath\(process\.argv\[2\]/.test(code)) return ['./talk.mp4'];
  return code.includes('process.argv[2]') ? ['1042'] : [];
}

let scratchDir: string | undefined;
let server: MockServer | undefined;
let errors: string[] = [];
const runs = new Map<number, SnippetRun>();

beforeAll(async () => {
  const pkg = await packAndInstall();
  scratchDir = pkg.scratchDir;
  await linkDevModules(scratchDir);
  await writeSnippets(scratchDir, snippets);
  errors = await compileErrors(scratchDir, snippets);

  server = await startMockServer({ port: 0, subscriptionDelayMs: 50 });
  await writeSnippets(scratchDir, snippets, server.url);
  await writeFile(join(scratchDir, 'talk.mp4'), new Uint8Array(300_000).fill(7));
  const env = {
    SEATPAY_BASE_URL: server.url,
    SEATPAY_TOKEN: server.simulator.users.owner.token,
    SEATPAY_LOG: 'off',
  };
  for (const snippet of runnable) {
    const args = argumentsOf(snippet.code);
    runs.set(snippet.index, await runSnippet(scratchDir, snippet.file, args, env, RUN_TIMEOUT_MS));
  }
}, 20 * 60_000);

afterAll(async () => {
  await server?.close();
  if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
});

describe('the README, every TypeScript snippet', () => {
  it('has the snippets a newcomer copies, most of them runnable', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(15);
    // Only the browser page's snippets (a file input, buttons, localStorage) and those marked
    // `<!-- snippet: compile-only -->` (another runtime's code) are not run here.
    expect(runnable.length).toBeGreaterThanOrEqual(snippets.length - 4);
  });

  it('compiles against the packed package under the strictest options', () => {
    expect(errors, 'tsc errors, by README line').toEqual([]);
  });

  it.each(runnable.map((snippet) => [snippet.index, snippet.line]))(
    'snippet %i (README line %i) runs against the simulator',
    (index) => {
      const run = runs.get(index)!;
      expect(run.code, run.output).toBe(0);
    },
  );
});
