// Where a keyed checkout spends more CPU than a plain one (issue 37, keycost14): V8's sampling CPU
// profiler (one sample per 50 µs) over `--calls` checkouts of each arm (plain, memoryJournal,
// identity, fileJournal), each arm in its own process, the sources bundled with esbuild; printed:
// self µs per call (samples x 50 µs) by function and its source file (from esbuild's module comments), keyed minus
// plain, largest first. Sampled and timed: moves with the load more than bench/keyed-cost-sites.ts.
//
//   npx tsx bench/keyed-cost-cpu-sites.ts [--root <checkout>] [--calls 4000] [--top 40]
//                                         [--arms memoryJournal,identity,fileJournal] [--inclusive]
//
// --inclusive: the time in and under each function (its callees' too), not its self time: what
// a part of the keyed path (the redaction, the MAC, a write) costs whole (keycost16).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(new URL('..', import.meta.url).pathname) },
    calls: { type: 'string', default: '4000' },
    top: { type: 'string', default: '40' },
    arms: { type: 'string', default: 'memoryJournal,identity,fileJournal' },
    inclusive: { type: 'boolean', default: false },
  },
});
const root = resolve(values.root);
const dir = await mkdtemp(join(tmpdir(), 'keyed-cost-cpu-sites-'));
try {
  const entry = join(dir, 'entry.ts');
  const child = new URL('./keyed-cost-cpu-sites-child.ts', import.meta.url).pathname;
  await writeFile(
    entry,
    [
      `import * as seatpay from '${root}/src/index.ts';`,
      `import * as mock from '${root}/src/mock/index.ts';`,
      `import * as node from '${root}/src/node.ts';`,
      `import { profileArm } from '${child}';`,
      `await profileArm({ seatpay, mock, node } as never, process.argv[2]!, Number(process.argv[3]), process.argv[4] === 'inclusive');`,
    ].join('\n'),
  );
  const script = await bundleForNode(dir, 'cpu-sites-entry', new URL(`file://${entry}`));
  // esbuild writes `// src/journals/keyed-journal.ts` before each module: a line's module.
  const moduleAt: string[] = [];
  let current = '?';
  for (const line of (await readFile(script, 'utf8')).split('\n')) {
    const module = /^\/\/ (\S+\.[mc]?[jt]s)$/.exec(line);
    if (module) current = module[1]!.replace(/^.*?(src|bench|node_modules|test)\//, '$1/');
    moduleAt.push(current);
  }
  const arms = ['plain', ...values.arms.split(',')];
  const perArm = new Map<string, Map<string, number>>();
  for (const arm of arms) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', script, arm, values.calls, values.inclusive ? 'inclusive' : 'self'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const sites = new Map<string, number>();
    for (const line of stdout.split('\n').filter(Boolean)) {
      const parsed = JSON.parse(line) as { site?: string; us?: number; wall?: number };
      if (parsed.wall !== undefined) {
        console.log(`${arm}: ${parsed.wall.toFixed(1)} µs wall per call`);
        continue;
      }
      const [name, url, lineNumber] = JSON.parse(parsed.site!) as [string, string, number];
      const where = url.startsWith('cpu-sites-entry')
        ? moduleAt[lineNumber - 1]
        : url || '(native)';
      const site = `${name} ${where}`;
      sites.set(site, (sites.get(site) ?? 0) + parsed.us!);
    }
    perArm.set(arm, sites);
  }
  const plain = perArm.get('plain')!;
  const sum = (sites: Map<string, number>) => [...sites.values()].reduce((a, b) => a + b, 0);
  for (const arm of arms.slice(1)) {
    const keyed = perArm.get(arm)!;
    const what = values.inclusive ? 'inclusive (in and under)' : 'self';
    console.log(`\n${root}: ${arm}, ${what} µs per call sampled over ${values.calls} calls`);
    console.log(`plain ${sum(plain).toFixed(1)}, ${arm} ${sum(keyed).toFixed(1)}`);
    console.log('| over plain | keyed | site |\n| ---: | ---: | --- |');
    const rows = [...new Set([...plain.keys(), ...keyed.keys()])]
      .map((site) => [site, (keyed.get(site) ?? 0) - (plain.get(site) ?? 0)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(values.top));
    for (const [site, over] of rows) {
      console.log(`| ${over.toFixed(1)} | ${(keyed.get(site) ?? 0).toFixed(1)} | ${site} |`);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
