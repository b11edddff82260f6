// Issue 36's floor: how far a `plans.get` page's first answer can shrink while the issue's own
// rules hold. Each source of the page's files before its first answer (first-answer-modules.ts:
// minified bytes traced through source maps, gzip -9 contributions per file) is put in one group,
// and each group is said to be either bound to the page by a rule or free to move:
//
// - the mandated stack (zod, ky, p-retry): the request path and every answer's check need them;
// - the secret search: a connection error, a timeout or an abort must not wait for code, and each
//   one is scrubbed (its message, its cause) before it is thrown: the red team's forms all stay;
// - the request path, its errors and the plans family: what the call itself runs;
// - the other families' resources and checks: a family's first call must not wait for code, so
//   they load with the page (a lazy family costs a code hop: refused by the issue);
// - the money calls' and journal's parts on the page: the same, for `pay`, `consumables` and
//   `client.journal`, whose refusals come before sending;
// - the bundler's glue: imports, exports and the preload helper.
//
// The bound groups summed are the floor, set against issue 36's targets (24 KB vite, 28 KB esbuild
// --splitting). Contributions are each source's share of its file's gzip size: they add up to a
// little less than the file (gzip shares matches across sources), so the floor is a low estimate.
//
//   npx tsx bench/first-answer-floor.ts                  # builds dist/ again with source maps
//   npx tsx bench/first-answer-floor.ts --dist <mapped dist/>
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { BROWSER_PAGE, type Splitter } from './bundle-split.js';
import {
  buildMappedDist,
  rankChunks,
  rankFirstAnswer,
  type ModuleShare,
} from './first-answer-modules.js';

interface Group {
  name: string;
  /** Why the page must load it before its first answer, under issue 36's rules. */
  bound: string;
  test: (source: string) => boolean;
}

const under = (...folders: string[]) => {
  const pattern = new RegExp(`^(?:${folders.join('|')})(?:/|$)`);
  return (source: string) => pattern.test(source);
};

/** In order: a source is put in the first group that takes it. */
export const FLOOR_GROUPS: Group[] = [
  {
    name: 'mandated stack (zod, ky, p-retry)',
    bound: 'the request path and every check',
    test: under('zod', 'ky', 'p-retry', 'is-network-error'),
  },
  {
    name: 'secret search (core/secrets, base64-forms, folded-text, large-text)',
    bound: 'scrubs a connection error, timeout or abort before it is thrown',
    test: under('src/core/secrets', 'src/base64-forms', 'src/folded-text', 'src/large-text'),
  },
  {
    name: 'errors (core/errors)',
    bound: 'a connection error, timeout or abort; every answer that is no success',
    test: under('src/core/errors'),
  },
  {
    name: 'other families (seats, media, billing team, card, checking, subscriptions)',
    bound: "a family's first call waits for no code",
    test: under(
      'src/resources/(seats|seat-change-[a-z]+|media|billing-team|card|checking|subscriptions)\\.ts',
    ),
  },
  {
    // esbuild --splitting puts a whole file of dist/ in the page's chunk once the page reaches it
    // (index.js re-exports these classes) and a lazy part uses any of it: vite leaves them out.
    name: "the helpers' and journals' errors and records (esbuild: reached by index.js's re-exports)",
    bound: 'exported by the main entry and used by the lazy parts',
    test: under(
      'src/helpers/helper-errors\\.ts',
      'src/helpers/purchase/purchase-error\\.ts',
      'src/journals/(journal-errors|stored-record|memory-journal|record-rules|held-claim|held-writer|settled-answers)\\.ts',
    ),
  },
  {
    name: 'money calls, journal, helpers (pay, consumables, client.journal; one file: the lazy helpers too)',
    bound: 'refused before sending, with no code hop',
    // Every resource's file the groups above left, but the plans family's (the call itself).
    test: (source) =>
      under('src/resources', 'src/journals', 'src/helpers', 'src/keys')(source) &&
      !/^src\/resources\/(checks\/)?plans\.ts$/.test(source),
  },
  {
    name: 'schemas of every family',
    bound: 'every input refused before sending, every answer checked',
    test: under('src/schemas'),
  },
  {
    name: 'bundler glue (unmapped: imports, exports, preload helper)',
    bound: 'made by the bundler',
    test: (source) => source === '(unmapped)' || source.endsWith('(glue)'),
  },
  {
    name: 'request path, client and plans (the rest of src/, the page)',
    bound: 'the call itself',
    test: () => true,
  },
];

export interface FloorRow {
  group: string;
  bound: string;
  minified: number;
  gzip: number;
}

/** The page's sources before its first answer with `splitter`, summed by {@link FLOOR_GROUPS}. */
export async function floorOf(splitter: Splitter, dist?: string): Promise<FloorRow[]> {
  return grouped(await rankFirstAnswer(splitter, dist));
}

/**
 * Everything the main entry exports as one esbuild file (issue 36's 48 KB), by the same groups:
 * the lazy parts are in it too, so the money calls' and journal's group holds the purchase,
 * upload and journal helpers, and the secret search its slices.
 */
export async function wholeEntryFloor(dist: string): Promise<FloorRow[]> {
  const result = await build({
    ...BROWSER_PAGE,
    stdin: { contents: `export * from '${dist}index.js';`, resolveDir: dist, loader: 'js' },
    outdir: '/page',
    sourcemap: 'external',
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text) as {
    sources: string[];
    mappings: string;
  };
  const sources = map.sources.map((source) => resolve('/page', source));
  const chunk = { name: 'whole.js', code: js.contents, imports: [], dynamicImports: [] };
  return grouped(rankChunks([{ ...chunk, inputs: [], map: { ...map, sources } }]));
}

function grouped(ranked: ModuleShare[]): FloorRow[] {
  const rows = FLOOR_GROUPS.map(({ name, bound }) => ({
    group: name,
    bound,
    minified: 0,
    gzip: 0,
  }));
  for (const share of ranked) {
    const row = rows[FLOOR_GROUPS.findIndex((group) => group.test(share.module))]!;
    row.minified += share.minified;
    row.gzip += share.gzip;
  }
  return rows;
}

const TARGETS = { vite: 24_000, 'esbuild --splitting': 28_000, 'whole main entry': 48_000 };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const mapped = values.dist ? undefined : await buildMappedDist();
  const dist = values.dist?.replace(/\/?$/, '/') ?? mapped!.dist;
  for (const page of ['vite', 'esbuild --splitting', 'whole main entry'] as const) {
    const rows =
      page === 'whole main entry' ? await wholeEntryFloor(dist) : await floorOf(page, dist);
    console.log(`\n${page} (target ${TARGETS[page]} B)`);
    console.log('| group | bound by | minified B | gzip B | running gzip B |');
    console.log('| --- | --- | ---: | ---: | ---: |');
    let running = 0;
    for (const row of rows) {
      running += row.gzip;
      const over = running > TARGETS[page] ? ' (over the target)' : '';
      console.log(
        `| ${row.group} | ${row.bound} | ${row.minified} | ${row.gzip} | ${running}${over} |`,
      );
    }
  }
  mapped?.remove();
}
