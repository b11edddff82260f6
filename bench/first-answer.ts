// What a page downloads before its first answer: a page that creates a client and calls
// `plans.get`, split by a bundler (bundle-split.ts), run in plain Node as a browser runs it
// (first-answer-runner.mjs): every file of the page Node had loaded, or a bundler's helper had
// asked to preload, when the API request left and when its answer was read. Each file is gzipped
// on its own (gzip -9), as it goes on the wire, and the sizes summed.
//
//   npx tsx bench/first-answer.ts                              # dist/ (what the tarball packs)
//   npx tsx bench/first-answer.ts --before /tmp/main/dist      # and another build beside it
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { splitPage, type Chunk, type Splitter } from './bundle-split.js';
import { BODIES } from './per-call-bodies.js';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const RUNNER = fileURLToPath(new URL('./first-answer-runner.mjs', import.meta.url));

/** A plan as the service answers it (valid for PlanSchema), as the per-call benches replay it. */
const PLAN = BODIES['/v1/payments/plan/team-per-seat']!;

/** The pages: one call each; each tells the runner what its first answer was. */
export const firstAnswerPages = {
  /** One client, every resource on it. */
  'createClient, plans.get': (dist: string) => `import { createClient } from '${dist}index.js';
    const answered = (value) => globalThis.__pageAnswered(value);
    createClient({ baseUrl: 'https://api.example.com', token: 't' })
      .plans.get('team-per-seat')
      .then((plan) => answered(plan.slug), (error) => answered(String(error)));`,
  /** One resource on the bare request path. */
  'createCore + PlansResource, plans.get': (dist: string) =>
    `import { createCore, PlansResource } from '${dist}index.js';
    const answered = (value) => globalThis.__pageAnswered(value);
    new PlansResource(createCore({ baseUrl: 'https://api.example.com', token: 't' }))
      .get('team-per-seat')
      .then((plan) => answered(plan.slug), (error) => answered(String(error)));`,
} as const;
export type FirstAnswerPage = keyof typeof firstAnswerPages;

/** The page that creates a client and calls `plans.get`. */
export function oneCallPage(dist = DIST): string {
  return firstAnswerPages['createClient, plans.get'](dist);
}

export interface FirstAnswer {
  /** What the call resolved with (the plan's slug), or the error it rejected with. */
  answer: string;
  /** The page's files downloaded before the answer was read, and their gzipped sizes summed. */
  files: string[];
  gzipped: number;
  minified: number;
  /** Files downloaded after the page's own modules had loaded and before the request left. */
  lateFiles: string[];
  /**
   * Code hops before the API request: the HTML, the page's entry with the chunks it imports (and
   * a bundler preloads), then one more for each wave of `import()` the call waits for.
   */
  hops: number;
  /** Every chunk of the build, the lazy ones included. */
  allChunks: number;
}

/** Builds a page with `splitter` from `dist` and runs it: see the file's comment. */
export async function measureFirstAnswer(
  splitter: Splitter,
  dist = DIST,
  page: FirstAnswerPage = 'createClient, plans.get',
): Promise<FirstAnswer> {
  const { entry, chunks } = await splitPage(firstAnswerPages[page](dist), splitter, dist);
  const folder = mkdtempSync(join(tmpdir(), 'seatpay-first-answer-'));
  try {
    for (const chunk of chunks) {
      mkdirSync(dirname(join(folder, chunk.name)), { recursive: true });
      writeFileSync(join(folder, chunk.name), chunk.code);
    }
    const printed = execFileSync(process.execPath, [RUNNER, folder, entry, PLAN], {
      encoding: 'utf8',
    });
    const run = JSON.parse(printed) as { answer: string; atRequest: string[]; atAnswer: string[] };
    const byName = new Map(chunks.map((chunk) => [chunk.name, chunk]));
    const depth = importDepths(entry, byName);
    const downloaded = run.atAnswer.map((name) => byName.get(name)!);
    const late = run.atRequest.filter((name) => depth.get(name)! > 0);
    const deepest = Math.max(0, ...run.atRequest.map((name) => depth.get(name)!));
    return {
      answer: run.answer,
      files: run.atAnswer,
      minified: downloaded.reduce((sum, chunk) => sum + chunk.code.byteLength, 0),
      gzipped: downloaded.reduce(
        (sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength,
        0,
      ),
      lateFiles: late,
      hops: 2 + deepest,
      allChunks: chunks.length,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** How many `import()` waves stand between the page's entry and each chunk (static imports: none). */
function importDepths(entry: string, byName: Map<string, Chunk>): Map<string, number> {
  const depth = new Map<string, number>([[entry, 0]]);
  for (let wave = [entry], level = 0; wave.length > 0; level++) {
    const next: string[] = [];
    // The wave's static imports, transitively, are in the same wave.
    for (let i = 0; i < wave.length; i++) {
      for (const imported of byName.get(wave[i]!)!.imports) {
        if (depth.has(imported)) continue;
        depth.set(imported, level);
        wave.push(imported);
      }
    }
    for (const name of wave) {
      for (const imported of byName.get(name)!.dynamicImports) {
        if (depth.has(imported)) continue;
        depth.set(imported, level + 1);
        next.push(imported);
      }
    }
    wave = next;
  }
  return depth;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { before: { type: 'string' } } });
  const builds = [
    ...(values.before ? [['before', values.before.replace(/\/?$/, '/')] as const] : []),
    ['this build', DIST] as const,
  ];
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const header =
    '| page | build | bundler | before the first answer: files, min KB, gzip KB | hops |';
  console.log(`${header}\n| --- | --- | --- | --- | --- |`);
  for (const page of Object.keys(firstAnswerPages) as FirstAnswerPage[]) {
    for (const splitter of ['vite', 'esbuild --splitting'] as const) {
      for (const [name, dist] of builds) {
        const first = await measureFirstAnswer(splitter, dist, page);
        if (first.answer !== 'team-per-seat') throw new Error(`${page}: ${first.answer}`);
        const cells = `${first.files.length}, ${kb(first.minified)}, ${kb(first.gzipped)}`;
        console.log(`| ${page} | ${name} | ${splitter} | ${cells} | ${first.hops} |`);
      }
    }
  }
}
