import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { packAndInstall } from '../package/support/pack-and-install.js';
import { requestGate } from '../support/request-gate.js';
import { runAndInterrupt } from './support/interrupt.js';
import { documentationPages } from './support/pages.js';
import {
  compileErrors,
  documentationSnippets,
  linkDevModules,
  runsInNode,
  runSnippet,
  writeSnippets,
  type SnippetRun,
} from './support/readme-snippets.js';

// Every ```ts block of the README and of the docs/*.md pages it links to, as a user copies it: compiled against the packed tarball under
// `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`, then run (each in its own
// process, with tsx) against the simulator, except the ones that need a browser page. The names a
// snippet takes from the text around it (`client`, `subscription` ...) come from a context module
// (support/readme-snippets.ts); the placeholder server `https://api.example.com` is the simulator.
// A block for another runtime (Deno, Workers) is marked `<!-- snippet: compile-only -->` on the line
// before it: compiled, not run.
// Needs dist/ (the tarball), hence `.full`.

const pages = documentationPages();
const snippets = documentationSnippets(pages);
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
  await linkDevModules(scratchDir, snippets);
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

describe('the README and the docs pages, every TypeScript snippet', () => {
  it('has the snippets a newcomer copies, most of them runnable', () => {
    expect(pages).toContain('docs/purchases.md');
    expect(snippets.filter((snippet) => snippet.page === 'README.md').length).toBeGreaterThan(4);
    expect(snippets.length).toBeGreaterThanOrEqual(15);
    // Only the browser page's snippets (a file input, buttons, localStorage) and those marked
    // `<!-- snippet: compile-only -->` (another runtime's code) are not run here.
    expect(runnable.length).toBeGreaterThanOrEqual(Math.ceil(snippets.length * 0.7));
  });

  it('compiles against the packed package under the strictest options', () => {
    expect(errors, 'tsc errors, by page and line').toEqual([]);
  });

  it.each(runnable.map((snippet) => [snippet.index, `${snippet.page}:${snippet.line}`]))(
    'snippet %i (%s) runs against the simulator',
    (index) => {
      const run = runs.get(index)!;
      expect(run.code, run.output).toBe(0);
    },
  );
});

describe('the README’s terminal upload, stopped with Ctrl-C', () => {
  it('says it paused, prints no stack, exits 130, and the next run finishes the upload', async () => {
    const script = snippets.find(
      (snippet) => snippet.page === 'README.md' && snippet.code.includes("process.on('SIGINT'"),
    );
    expect(script, 'the README’s upload script').toBeDefined();
    // Its chunk is held unanswered until the test acts: Ctrl-C lands mid-upload at any load.
    const simulator = createSimulator({ subscriptionDelayMs: 50 });
    const gate = requestGate(simulator, 'POST /v2/media/academy/chunk');
    const gated = await startMockServer({ simulator: gate.simulator });
    const env = {
      SEATPAY_BASE_URL: gated.url,
      SEATPAY_TOKEN: simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    try {
      gate.open(0);
      const args = ['./talk.mp4'];
      const held = gate.held(1);
      const stopped = await runAndInterrupt(
        scratchDir!,
        script!.file,
        args,
        env,
        held,
        RUN_TIMEOUT_MS,
      );
      expect(stopped.code, stopped.output).toBe(130);
      expect(stopped.output).toContain('paused: run the same command again to resume');
      expect(stopped.output).not.toMatch(/AbortError|\n\s+at /);

      gate.open(undefined);
      const again = await runSnippet(scratchDir!, script!.file, args, env, RUN_TIMEOUT_MS);
      expect(again.code, again.output).toBe(0);
      const fileId = Number(/uploaded: file (\d+)/.exec(again.output)?.[1]);
      expect(simulator.fileBytes(fileId)).toEqual(new Uint8Array(300_000).fill(7));
    } finally {
      gate.open(undefined);
      await gated.close();
    }
  });
});

describe('the README’s terminal upload, stopped with Ctrl-C while the file is being finalized', () => {
  it('says the file may exist, not "run again to resume" (a run again refuses)', async () => {
    const script = snippets.find(
      (snippet) => snippet.page === 'README.md' && snippet.code.includes("process.on('SIGINT'"),
    );
    expect(script, 'the README’s upload script').toBeDefined();
    // Every chunk answered; finalize held unanswered until Ctrl-C: the answer is never known.
    const simulator = createSimulator({ subscriptionDelayMs: 50 });
    const gate = requestGate(simulator, 'POST /v2/media/academy/chunk/upload');
    const gated = await startMockServer({ simulator: gate.simulator });
    const env = {
      SEATPAY_BASE_URL: gated.url,
      SEATPAY_TOKEN: simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    const args = ['./finalized.mp4'];
    await writeFile(join(scratchDir!, 'finalized.mp4'), new Uint8Array(200_000).fill(9));
    try {
      gate.open(0);
      const stopped = await runAndInterrupt(
        scratchDir!,
        script!.file,
        args,
        env,
        gate.held(1),
        RUN_TIMEOUT_MS,
      );
      expect(stopped.code, stopped.output).toBe(130);
      expect(stopped.output).not.toContain('run the same command again to resume');
      expect(stopped.output).toContain('the file may exist');
      expect(stopped.output).not.toMatch(/AbortError|\n\s+at /);
      // What the line warned of: the next run refuses rather than finalize a second copy.
      gate.open(undefined);
      const again = await runSnippet(scratchDir!, script!.file, args, env, RUN_TIMEOUT_MS);
      expect(again.output).toContain('UploadMayExistError');
    } finally {
      gate.open(undefined);
      await gated.close();
    }
  });
});

describe('the README’s Node app, run again', () => {
  it('resolves with the same subscription and adds no seat twice (newuser20)', async () => {
    // The README says a re-run resolves with the same subscription; its seats.add was refused on
    // that re-run ("User already has a seat for this team"), the script crashing with a stack.
    const app = snippets.find(
      (snippet) => snippet.page === 'README.md' && snippet.code.includes("key: 'order-2001'"),
    );
    expect(app, 'the README’s Node app').toBeDefined();
    const first = runs.get(app!.index)!;
    expect(first.code, first.output).toBe(0);
    const env = {
      SEATPAY_BASE_URL: server!.url,
      SEATPAY_TOKEN: server!.simulator.users.owner.token,
      SEATPAY_LOG: 'off',
    };
    const again = await runSnippet(scratchDir!, app!.file, [], env, RUN_TIMEOUT_MS);
    expect(again.code, again.output).toBe(0);
    const subscriptionOf = (output: string) => /subscription (\d+)/.exec(output)?.[1];
    expect(subscriptionOf(again.output)).toBe(subscriptionOf(first.output));
    const owner = createClient({ baseUrl: env.SEATPAY_BASE_URL, token: env.SEATPAY_TOKEN });
    const seats = await owner.seats.list(Number(subscriptionOf(first.output)));
    expect(seats.filter((seat) => seat.email === 'ada@example.com')).toHaveLength(1);
  });
});
