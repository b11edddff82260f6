// Where a keyed checkout allocates more than a plain one (issue 37, keycost12): V8's sampling heap
// profiler over `--calls` checkouts of each arm (plain, memoryJournal), each arm in its own
// process, the sources bundled with esbuild (not tsx: its loader's `__name` wrappers would count);
// printed: bytes per call by allocating function, keyed minus plain, largest first. Sites are the
// bundle's functions (an inlined function counts in its caller); sampled, so a few hundred bytes
// move between runs. Load-independent.
//
//   npx tsx bench/keyed-cost-sites.ts [--root <checkout>] [--calls 1000] [--top 40]
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(new URL('..', import.meta.url).pathname) },
    calls: { type: 'string', default: '1000' },
    top: { type: 'string', default: '40' },
  },
});
const root = resolve(values.root);
const dir = await mkdtemp(join(tmpdir(), 'keyed-cost-sites-'));
try {
  const entry = join(dir, 'entry.ts');
  const child = new URL('./keyed-cost-sites-child.ts', import.meta.url).pathname;
  await writeFile(
    entry,
    [
      `import * as seatpay from '${root}/src/index.ts';`,
      `import * as mock from '${root}/src/mock/index.ts';`,
      `import { profileArm } from '${child}';`,
      `await profileArm({ seatpay, mock } as never, process.argv[2]!, Number(process.argv[3]));`,
    ].join('\n'),
  );
  const script = await bundleForNode(dir, 'sites-entry', new URL(`file://${entry}`));
  const perArm = new Map<string, Map<string, number>>();
  for (const arm of ['plain', 'memoryJournal']) {
    const { stdout } = await promisify(execFile)(process.execPath, [script, arm, values.calls], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const sites = new Map<string, number>();
    for (const line of stdout.split('\n').filter(Boolean)) {
      const { site, bytes } = JSON.parse(line) as { site: string; bytes: number };
      sites.set(site, (sites.get(site) ?? 0) + bytes);
    }
    perArm.set(arm, sites);
  }
  const plain = perArm.get('plain')!;
  const keyed = perArm.get('memoryJournal')!;
  const sum = (sites: Map<string, number>) => [...sites.values()].reduce((a, b) => a + b, 0);
  console.log(`${root}: bytes per call, sampled over ${values.calls} calls of each arm`);
  console.log(`plain ${sum(plain).toFixed(0)}, memoryJournal ${sum(keyed).toFixed(0)}`);
  console.log('| over plain | keyed | site |\n| ---: | ---: | --- |');
  const rows = [...new Set([...plain.keys(), ...keyed.keys()])]
    .map((site) => [site, (keyed.get(site) ?? 0) - (plain.get(site) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top));
  for (const [site, over] of rows) {
    console.log(`| ${over.toFixed(0)} | ${(keyed.get(site) ?? 0).toFixed(0)} | ${site} |`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
