// What a key costs, counted in instructions (issue 37): the checkouts of bench/keyed-cost.ts
// (plain, keyed with memoryJournal, with an identity; in process against the simulator) under
// `valgrind --tool=callgrind`, which counts what the process executes whatever else loads the
// machine. CPU time's ratios move with the load; instructions do not (but they miss what costs
// cycles without instructions: cache misses, the kernel's work, waiting for a disk).
//
//   npx tsx bench/keyed-cost-callgrind.ts [--rounds 3] [--warmup 2] [--calls 50]
//                                         [--root <checkout>] [--collect minor|major] [--fresh]
//                                         [--keep <dir>]
//
// One process, both sides (this checkout, and `--root`'s) interleaved; Node with --single-threaded
// (no background compiler or GC thread, whose share depends on timing) and --expose-gc: everything
// is collected before each block, outside it, so a block pays for the collections its own calls
// cause. callgrind writes its counts each time the code calls process.cpuUsage()
// (`--dump-before=uv_getrusage`): right before and right after each block. Figures: instructions
// per call summed over the counted rounds, and keyed / plain (the plain blocks of the same side).
// Valgrind runs Node about 100x slower: minutes on an idle core.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    calls: { type: 'string', default: '50' },
    root: { type: 'string' },
    collect: { type: 'string', default: 'major' },
    fresh: { type: 'boolean', default: false },
    // Where callgrind's files stay (one per part) with blocks.json naming each block's part, for
    // `callgrind_annotate` per function (the parts of one arm: bench/keyed-cost-annotate.ts).
    keep: { type: 'string' },
  },
});
const here = resolve(new URL('..', import.meta.url).pathname);
const sides = [
  ...(values.root ? [{ label: `root (${resolve(values.root)})`, root: resolve(values.root) }] : []),
  { label: 'this checkout', root: here },
];
const settings = {
  rounds: Number(values.rounds),
  warmup: Number(values.warmup),
  calls: Number(values.calls),
  // keyed-cost.ts's conditions: `--collect minor --fresh` (only the young generation collected
  // before a block, a new memoryJournal each round); the default collects everything.
  collect: values.collect,
  fresh: values.fresh,
};
const loadAtStart = loadavg()[0]!;
const dir = values.keep
  ? (await mkdir(resolve(values.keep), { recursive: true }), resolve(values.keep))
  : await mkdtemp(join(tmpdir(), 'seatpay-keyed-count-'));
try {
  const source = (root: string, path: string) => JSON.stringify(join(root, 'src', path));
  const entry = join(dir, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { count } from ${JSON.stringify(join(here, 'bench', 'keyed-cost-count.ts'))};`,
      ...sides.flatMap(({ root }, i) => [
        `import * as seatpay${i} from ${source(root, 'index.ts')};`,
        `import * as mock${i} from ${source(root, 'mock/index.ts')};`,
      ]),
      `await count([${sides.map((_, i) => `{ seatpay: seatpay${i}, mock: mock${i} }`).join(', ')}] as never, ${JSON.stringify(settings)});`,
    ].join('\n'),
  );
  const script = await bundleForNode(dir, 'keyed-count-entry', new URL(`file://${entry}`));
  const prefix = join(dir, 'cg');
  const args = [
    '--tool=callgrind',
    '--dump-before=uv_getrusage',
    `--callgrind-out-file=${prefix}.%p`,
    process.execPath,
    '--single-threaded',
    '--expose-gc',
    script,
  ];
  const { stdout } = await promisify(execFile)('valgrind', args, { maxBuffer: 64 << 20 });
  const { blocks } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { blocks: string[] };
  if (values.keep) await writeFile(join(dir, 'blocks.json'), JSON.stringify(blocks));
  const parts = new Map<number, number>();
  for (const file of (await readdir(dir)).filter((name) => name.startsWith('cg.'))) {
    const part = Number(file.split('.').at(-1));
    const summary = /^summary: (\d+)/m.exec(await readFile(join(dir, file), 'utf8'));
    if (summary) parts.set(part, Number(summary[1]));
  }
  // Part 1 is the start-up; block i (from 0) is part 2i + 2, the gap before it part 2i + 1.
  const sums = new Map<string, { instructions: number; blocks: number }>();
  blocks.forEach((name, at) => {
    const counted = parts.get(2 * at + 2);
    if (counted === undefined) throw new Error(`no count for block ${at} (${name})`);
    if (name.startsWith('warm-up')) return;
    const sum = sums.get(name) ?? { instructions: 0, blocks: 0 };
    sums.set(name, { instructions: sum.instructions + counted, blocks: sum.blocks + 1 });
  });
  const perCall = (side: number, name: string) => {
    const sum = sums.get(`${side} ${name}`)!;
    return sum.instructions / sum.blocks / settings.calls;
  };
  console.log(
    `keyed checkout, instructions per call under callgrind (--single-threaded --expose-gc): ${settings.rounds} rounds (+${settings.warmup} warm-up) of blocks of ${settings.calls} calls, node ${process.version}, load ${loadAtStart.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log('| side | plain, M | memoryJournal, M (x plain) | identity, M (x plain) |');
  console.log('| ---- | -------- | -------------------------- | --------------------- |');
  sides.forEach(({ label }, side) => {
    const plain = perCall(side, 'plain');
    const keyed = (name: string) =>
      `${(perCall(side, name) / 1e6).toFixed(3)} (${(perCall(side, name) / plain).toFixed(2)})`;
    console.log(
      `| ${label} | ${(plain / 1e6).toFixed(3)} | ${keyed('memoryJournal')} | ${keyed('identity')} |`,
    );
  });
} finally {
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}
