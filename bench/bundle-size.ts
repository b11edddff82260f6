// Browser bundle sizes of the built package (dist/), as a user's bundler would make them:
// esbuild --bundle --minify --format=esm --platform=browser, then gzip -9, as one file; and, with
// code splitting (esbuild --splitting, vite), what a page loads up front and in all
// (bundle-split.ts). Used by test/bundle/bundle-budget.full.test.ts (the budget in CI) and printed
// for BENCHMARKS.md by
//
//   npx tsx bench/bundle-size.ts                 # same as: npm run bench:bundle
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { BROWSER_PAGE, measureSplit } from './bundle-split.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** What a page imports, one scenario per bundle. */
export const scenarios = {
  /** Everything the main entry exports: the worst case for a bundle. */
  'whole main entry': `export * from '${dist}index.js';`,
  /** The common case: one client, every resource on it. */
  'createClient, plans.get': `import { createClient } from '${dist}index.js';
    createClient({ baseUrl: 'https://api.example.com', token: 't' }).plans.get('p').then(console.log);`,
  /** The simulator, for comparison (its node:http server is left out: a page cannot run it). */
  'seatpay/mock/msw': `export * from '${dist}mock-msw.js';`,
  /** One resource on the bare request path: what tree-shaking can leave out. */
  'createCore + PlansResource, plans.get': `import { createCore, PlansResource } from '${dist}index.js';
    new PlansResource(createCore({ baseUrl: 'https://api.example.com', token: 't' })).get('p').then(console.log);`,
} as const;
export type Scenario = keyof typeof scenarios;

export interface BundleSize {
  minified: number;
  gzipped: number;
  /** Every file that went into the bundle, relative to the repository. */
  inputs: string[];
  /** The minified code itself. */
  code: string;
}

/** Bundles one scenario for the browser; a Node built-in anywhere in it fails the build. */
export async function measureBundle(scenario: Scenario): Promise<BundleSize> {
  const result = await build({
    ...BROWSER_PAGE,
    stdin: { contents: scenarios[scenario], resolveDir: dist, loader: 'js' },
  });
  const code = result.outputFiles[0]!.contents;
  const metafile: Metafile = result.metafile;
  return {
    minified: code.byteLength,
    gzipped: gzipSync(code, { level: 9 }).byteLength,
    inputs: Object.keys(metafile.inputs),
    code: new TextDecoder().decode(code),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const pages = (Object.keys(scenarios) as Scenario[]).filter((s) => !s.includes('mock'));
  console.log('One file (esbuild, no splitting):\n');
  console.log('| bundle | minified KB | gzip -9 KB |');
  console.log('| --- | --- | --- |');
  for (const scenario of pages) {
    const size = await measureBundle(scenario);
    console.log(`| ${scenario} | ${kb(size.minified)} | ${kb(size.gzipped)} |`);
  }
  console.log('\nCode splitting (each chunk gzipped on its own, as it goes on the wire):\n');
  console.log(
    '| bundle | bundler | up front: chunks, min KB, gzip KB | all: chunks, min KB, gzip KB |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const scenario of pages) {
    for (const splitter of ['esbuild --splitting', 'vite'] as const) {
      const { upFront: u, all: a } = await measureSplit(scenarios[scenario], splitter);
      const cells = [u, a].map((s) => `${s.chunks}, ${kb(s.minified)}, ${kb(s.gzipped)}`);
      console.log(`| ${scenario} | ${splitter} | ${cells.join(' | ')} |`);
    }
  }
}
