// What a code-splitting bundler makes of a page that imports dist/: esbuild --splitting, and vite
// (rolldown). The page loads its entry chunk and every chunk that one imports statically before any
// of its code runs ("up front"); the chunks behind a dynamic import() load only when a method that
// needs them is called (client.purchase, media.upload, subscriptions.waitFor). Each chunk is a
// file of its own on the wire, so a size is the sum of the chunks gzipped one by one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';

/**
 * How a user's bundler builds a page for the browser: minified ES2022, every dependency in, a Node
 * built-in anywhere failing the build. The repository's tsconfig paths (which give the sources the
 * Node platform) are not a user's; `#platform` resolves through package.json imports (web).
 */
export const BROWSER_PAGE = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  tsconfigRaw: '{}',
  logLevel: 'silent',
} as const satisfies BuildOptions;

export type Splitter = 'esbuild --splitting' | 'vite';

export interface Chunk {
  name: string;
  code: Uint8Array;
  /** Chunks this one imports statically (loaded with it) and dynamically (loaded on demand). */
  imports: string[];
  dynamicImports: string[];
  /** Files of the package and its dependencies inside the chunk. */
  inputs: string[];
  /** The chunk's source map, when asked for (`splitPage(..., { maps: true })`). */
  map?: { sources: string[]; mappings: string };
}

export interface SplitSize {
  /** The entry chunk and what it imports statically, transitively. */
  upFront: { minified: number; gzipped: number; inputs: string[]; chunks: number };
  /** Every chunk of the page, the lazy ones included. */
  all: { minified: number; gzipped: number; chunks: number };
}

/** The page's entry chunk and every chunk it imports statically, transitively: what loads up front. */
export function upFrontOf(entry: string, chunks: Chunk[]): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.name, chunk]));
  const upFront = new Set<string>();
  for (const pending = [entry]; pending.length > 0;) {
    const name = pending.pop()!;
    if (upFront.has(name)) continue;
    upFront.add(name);
    pending.push(...byName.get(name)!.imports);
  }
  return upFront;
}

/** Bundles a page (its code: bundle-size.ts's scenarios) with code splitting; sizes what loads up front and in all. */
export async function measureSplit(page: string, splitter: Splitter): Promise<SplitSize> {
  const { entry, chunks } = await splitPage(page, splitter);
  const upFront = upFrontOf(entry, chunks);
  const sized = (list: Chunk[]) => ({
    minified: list.reduce((sum, chunk) => sum + chunk.code.byteLength, 0),
    gzipped: list.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength, 0),
    chunks: list.length,
  });
  const first = chunks.filter((chunk) => upFront.has(chunk.name));
  return {
    upFront: { ...sized(first), inputs: first.flatMap((chunk) => chunk.inputs) },
    all: sized(chunks),
  };
}

/** A page's chunks as a bundler splits them: the page's own (entry) chunk named. */
export interface SplitPage {
  entry: string;
  chunks: Chunk[];
}

const DIST = new URL('../dist/', import.meta.url).pathname;

/** Builds `page` with `splitter`; bare imports resolve from `dist` (the package's dist/ folder). */
export function splitPage(
  page: string,
  splitter: Splitter,
  dist = DIST,
  { maps = false } = {},
): Promise<SplitPage> {
  return splitter === 'vite' ? viteChunks(page, maps) : esbuildChunks(page, dist, maps);
}

async function esbuildChunks(page: string, dist: string, maps: boolean): Promise<SplitPage> {
  const result = await build({
    ...BROWSER_PAGE,
    stdin: { contents: page, resolveDir: dist, loader: 'js', sourcefile: 'page.js' },
    splitting: true,
    outdir: '/page',
    ...(maps ? { sourcemap: 'external' as const } : {}),
  });
  const code = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  // A map's sources are relative to the output folder (/page): made absolute.
  const mapOf = (output: string) => {
    const file = result.outputFiles.find((f) => f.path === `${resolve(output)}.map`);
    if (!file) return undefined;
    const map = JSON.parse(file.text) as { sources: string[]; mappings: string };
    return { sources: map.sources.map((s) => resolve('/page', s)), mappings: map.mappings };
  };
  // Named as files of the page's folder (as vite names them): `chunk-X.js`, not `../../page/...`.
  const named = (output: string) => relative('/page', resolve(output));
  const outputs = Object.entries(result.metafile.outputs).filter(([name]) => name.endsWith('.js'));
  const chunks = outputs.map(([name, output]) => ({
    name: named(name),
    code: code.get(resolve(name))!,
    imports: output.imports.filter((i) => i.kind === 'import-statement').map((i) => named(i.path)),
    dynamicImports: output.imports
      .filter((i) => i.kind === 'dynamic-import')
      .map((i) => named(i.path)),
    inputs: Object.keys(output.inputs),
    map: mapOf(name),
  }));
  // Each dynamic import() target is an entry point of esbuild's too: the page is the one built
  // from stdin (named by its sourcefile). Taking the first entry point measured a lazy chunk.
  const [pageOutput] = outputs.find(([, output]) => output.entryPoint?.endsWith('page.js'))!;
  const entry = named(pageOutput);
  return { entry, chunks };
}

async function viteChunks(page: string, maps: boolean): Promise<SplitPage> {
  const { build: viteBuild } = await import('vite');
  const root = mkdtempSync(join(tmpdir(), 'seatpay-page-'));
  try {
    writeFileSync(join(root, 'page.js'), page);
    const result = await viteBuild({
      root,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        target: 'es2022',
        sourcemap: maps,
        // A page's own exports are kept (`export *` of the whole entry is the page's code).
        rollupOptions: { input: join(root, 'page.js'), preserveEntrySignatures: 'strict' },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    );
    const chunks: Chunk[] = [];
    let entry = '';
    for (const item of outputs) {
      if (item.type !== 'chunk') continue;
      if (item.isEntry) entry = item.fileName;
      chunks.push({
        name: item.fileName,
        code: new TextEncoder().encode(item.code),
        imports: item.imports,
        dynamicImports: item.dynamicImports,
        inputs: Object.keys(item.modules),
        // A map's sources are relative to the file's place in vite's output folder (dist/).
        map: item.map
          ? {
              sources: item.map.sources.map((s) =>
                resolve(root, 'dist', dirname(item.fileName), s),
              ),
              mappings: item.map.mappings,
            }
          : undefined,
      });
    }
    return { entry, chunks };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
