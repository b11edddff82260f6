// What the first answer's bytes are made of, per source file: the page of bench/first-answer.ts
// (createClient, plans.get) built from dist/ with source maps, the files it loads before its
// first answer (the entry and its static imports), each minified byte traced back through the map
// to the dist/ line it came from and from there to the `// src/...` region tsup wrote it from (a
// dependency's bytes to its file under node_modules). Per source file: minified bytes, and its
// gzip contribution: the file's gzip -9 size less the same file's with that source's bytes left
// out (the contributions do not add up exactly to the total: gzip shares matches across modules).
//
//   npx tsx bench/first-answer-modules.ts                      # vite and esbuild, top 40
//   npx tsx bench/first-answer-modules.ts --top 80 --bundler vite
//
// dist/ ships without source maps: the script builds it again with maps (tsup, the ESM config of
// tsup.config.ts, maps on) into a scratch folder, from this tree's sources; --dist takes a built
// one (with its .map files) instead.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { splitPage, upFrontOf, type Chunk, type Splitter } from './bundle-split.js';
import { oneCallPage } from './first-answer.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's mappings as [generated column, source, source line, source column] per generated line. */
function decodeMappings(mappings: string): Array<Array<[number, number, number, number]>> {
  const lines: Array<Array<[number, number, number, number]>> = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  let name = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number, number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const values: number[] = [];
      for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
        const digit = B64.indexOf(segment[i]!);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        sourceLine += values[2]!;
        sourceColumn += values[3]!;
        if (values.length >= 5) name += values[4]!;
        segments.push([column, source, sourceLine, sourceColumn]);
      } else segments.push([column, -1, -1, -1]);
    }
    lines.push(segments);
  }
  void name;
  return lines;
}

/** A dist/ file's own map (a build with source maps), decoded once. */
const distMaps = new Map<
  string,
  { sources: string[]; lines: Array<Array<[number, number, number, number]>> } | null
>();
function distMap(file: string) {
  if (!distMaps.has(file)) {
    let map: { sources: string[]; mappings: string } | undefined;
    try {
      map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as typeof map;
    } catch {
      map = undefined;
    }
    distMaps.set(
      file,
      map
        ? {
            sources: map.sources.map((source) => resolve(dirname(file), source)),
            lines: decodeMappings(map.mappings),
          }
        : null,
    );
  }
  return distMaps.get(file)!;
}

/** The source file a dist/ position came from (through dist/'s own map), or a dependency's file. */
function sourceOf(file: string, line: number, column: number): string {
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) return file.slice(modules + '/node_modules/'.length);
  const src = file.lastIndexOf('/src/');
  if (src >= 0) return file.slice(src + 1);
  const map = distMap(file);
  if (!map) return file.endsWith('page.js') ? '(the page)' : `${basename(file)} (no map)`;
  const segments = map.lines[line] ?? [];
  let found: [number, number, number, number] | undefined;
  for (const segment of segments) {
    if (segment[0] > column) break;
    found = segment;
  }
  found ??= segments[0];
  return !found || found[1] < 0
    ? `${basename(file)} (glue)`
    : sourceOf(map.sources[found[1]]!, 0, 0);
}

export interface ModuleShare {
  module: string;
  minified: number;
  gzip: number;
}

/** Each source's bytes in `chunks` (minified, and its gzip contribution), largest first. */
export function rankChunks(chunks: Chunk[]): ModuleShare[] {
  const totals = new Map<string, ModuleShare>();
  for (const chunk of chunks) {
    const code = new TextDecoder().decode(chunk.code);
    const map = chunk.map;
    if (!map) throw new Error(`${chunk.name}: no source map`);
    // Each module's character ranges in this chunk.
    const ranges = new Map<string, Array<[number, number]>>();
    const add = (module: string, from: number, to: number) => {
      if (to <= from) return;
      const list = ranges.get(module) ?? [];
      list.push([from, to]);
      ranges.set(module, list);
    };
    const lines = code.split('\n');
    const decoded = decodeMappings(map.mappings);
    let offset = 0;
    lines.forEach((text, index) => {
      const segments = decoded[index] ?? [];
      if (segments.length === 0 || segments[0]![0] > 0)
        add('(unmapped)', offset, offset + (segments[0]?.[0] ?? text.length));
      segments.forEach(([column, source, line, sourceColumn], i) => {
        const end = segments[i + 1]?.[0] ?? text.length;
        const module =
          source < 0 ? '(unmapped)' : sourceOf(map.sources[source]!, line, sourceColumn);
        add(module, offset + column, offset + end);
      });
      offset += text.length + 1;
    });
    const whole = gzipSync(code, { level: 9 }).byteLength;
    for (const [module, list] of ranges) {
      let kept = '';
      let at = 0;
      for (const [from, to] of list) {
        kept += code.slice(at, from);
        at = to;
      }
      kept += code.slice(at);
      const share = totals.get(module) ?? { module, minified: 0, gzip: 0 };
      share.minified += code.length - kept.length;
      share.gzip += whole - gzipSync(kept, { level: 9 }).byteLength;
      totals.set(module, share);
    }
  }
  return [...totals.values()].sort((a, b) => b.gzip - a.gzip);
}

/** The page's files before its first answer (its entry and what that imports statically). */
export async function rankFirstAnswer(splitter: Splitter, dist?: string): Promise<ModuleShare[]> {
  const { entry, chunks } = await splitPage(oneCallPage(dist), splitter, dist, { maps: true });
  const upFront = upFrontOf(entry, chunks);
  return rankChunks(chunks.filter((chunk) => upFront.has(chunk.name)));
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * dist/ as `npm run build` makes it, with source maps (tsup's ESM build of tsup.config.ts, maps on,
 * no types), in a scratch folder beside a copy of package.json (`#platform` resolves there).
 */
export async function buildMappedDist(): Promise<{ dist: string; remove: () => void }> {
  const { build } = await import('tsup');
  const configs = (await import('../tsup.config.js')).default as unknown as Array<
    Record<string, unknown>
  >;
  const folder = mkdtempSync(join(tmpdir(), 'seatpay-mapped-'));
  cpSync(join(ROOT, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  const entry = Object.fromEntries(
    Object.entries(configs[0]!.entry as Record<string, string>).map(([name, file]) => [
      name,
      join(ROOT, file),
    ]),
  );
  await build({
    ...configs[0],
    entry,
    dts: false,
    sourcemap: true,
    silent: true,
    outDir: join(folder, 'dist'),
    tsconfig: join(ROOT, 'tsconfig.json'),
  });
  return {
    dist: `${join(folder, 'dist')}/`,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      top: { type: 'string', default: '40' },
      bundler: { type: 'string', multiple: true },
      dist: { type: 'string' },
    },
  });
  const mapped = values.dist ? undefined : await buildMappedDist();
  const dist = values.dist?.replace(/\/?$/, '/') ?? mapped!.dist;
  const bundlers = (values.bundler ?? ['vite', 'esbuild --splitting']) as Splitter[];
  for (const splitter of bundlers) {
    const ranked = await rankFirstAnswer(splitter, dist);
    const sum = (list: ModuleShare[], key: 'minified' | 'gzip') =>
      list.reduce((total, share) => total + share[key], 0);
    console.log(`\n${splitter}: ${ranked.length} sources, ${sum(ranked, 'minified')} B minified`);
    console.log('| source | minified B | gzip B (contribution) |\n| --- | --- | --- |');
    for (const share of ranked.slice(0, Number(values.top)))
      console.log(`| ${share.module} | ${share.minified} | ${share.gzip} |`);
    const groups = new Map<string, ModuleShare>();
    for (const share of ranked) {
      const group = share.module.startsWith('src/')
        ? share.module
            .split('/')
            .slice(0, share.module.startsWith('src/core/') ? 3 : 2)
            .join('/')
        : share.module
            .split('/')
            .slice(0, share.module.startsWith('@') ? 2 : 1)
            .join('/');
      const g = groups.get(group) ?? { module: group, minified: 0, gzip: 0 };
      g.minified += share.minified;
      g.gzip += share.gzip;
      groups.set(group, g);
    }
    console.log('\n| group | minified B | gzip B (contributions summed) |\n| --- | --- | --- |');
    for (const g of [...groups.values()].sort((a, b) => b.gzip - a.gzip))
      console.log(`| ${g.module} | ${g.minified} | ${g.gzip} |`);
  }
  mapped?.remove();
}
