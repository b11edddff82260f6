// Where a keyed call's extra instructions go (issue 37, keycost9): the files that
// `bench/keyed-cost-callgrind.ts --keep <dir>` left, summed per function (self cost) over the
// counted blocks of each arm, per call, and the functions a keyed arm spends most more than the
// plain arm of the same side. V8's builtins (Builtins_*), its runtime (Runtime_*), the collector
// (Heap, Scavenger, MarkCompact ...) and libc carry names; JIT-compiled JavaScript shows as one
// "???" line (its functions need `--cpu-prof`: bench/keyed-cost-probe.ts).
//
//   npx tsx bench/keyed-cost-annotate.ts <dir> [--side 0] [--arm memoryJournal] [--top 40]
//                                           [--sides] [--no-compilers]
//
// --sides (keyed20): the same arm on the two sides (`--root`'s, side 0, and this checkout's, side
// 1) instead of an arm against plain: what grew or shrank between two commits, per function.
// --no-compilers: V8's optimizing compilers' rows (`compiler::`, `maglev::`) left out: which block
// happens to compile a hot function is chance (keycost19).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    side: { type: 'string', default: '0' },
    arm: { type: 'string', default: 'memoryJournal' },
    top: { type: 'string', default: '40' },
    sides: { type: 'boolean', default: false },
    'no-compilers': { type: 'boolean', default: false },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: keyed-cost-annotate.ts <dir of keyed-cost-callgrind.ts --keep>');
const blocks = JSON.parse(await readFile(join(dir, 'blocks.json'), 'utf8')) as string[];
const files = new Map<number, string>();
for (const name of await readdir(dir)) {
  const part = /^cg\.\d+\.(\d+)$/.exec(name);
  if (part) files.set(Number(part[1]), join(dir, name));
}

/** Self cost per function in one callgrind file (its compressed names resolved). */
async function selfCosts(file: string, into: Map<string, number>): Promise<void> {
  const names = new Map<string, string>();
  let fn: string | undefined;
  let afterCall = false;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const named = /^(c?fn)=\((\d+)\)(?: (.*))?$/.exec(line);
    if (named) {
      if (named[3] !== undefined) names.set(named[2]!, named[3]);
      if (named[1] === 'fn') fn = names.get(named[2]!);
      continue;
    }
    if (line.startsWith('calls=')) afterCall = true;
    else if (/^[+-]?\d/.test(line) || line.startsWith('*')) {
      // The line after `calls=` is the call's inclusive cost, not the function's own.
      if (afterCall) afterCall = false;
      else if (fn !== undefined) {
        const cost = Number(line.trim().split(/\s+/)[1] ?? 0);
        into.set(fn, (into.get(fn) ?? 0) + cost);
      }
    }
  }
}

async function perCall(arm: string, side = values.side): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  let calls = 0;
  const callsPerBlock = Number(process.env.CALLS ?? 40);
  for (const [at, name] of blocks.entries()) {
    if (name !== `${side} ${arm}`) continue;
    const file = files.get(2 * at + 2); // as keyed-cost-callgrind.ts numbers its parts
    if (!file) throw new Error(`no callgrind part for block ${at} (${name})`);
    await selfCosts(file, costs);
    calls += callsPerBlock;
  }
  for (const [name, cost] of costs) {
    if (values['no-compilers'] && /(?:^|::)(?:compiler|maglev)::/.test(name)) costs.delete(name);
    else costs.set(name, cost / calls);
  }
  return costs;
}

const plain = values.sides ? await perCall(values.arm, '0') : await perCall('plain');
const keyed = values.sides ? await perCall(values.arm, '1') : await perCall(values.arm);
const [was, now] = values.sides ? ['side 0', 'side 1'] : ['plain', values.arm];
const sum = (costs: Map<string, number>) => [...costs.values()].reduce((a, b) => a + b, 0);
console.log(
  `${values.sides ? values.arm : `side ${values.side}`}: ${was} ${(sum(plain) / 1e6).toFixed(3)} M per call, ${now} ${(sum(keyed) / 1e6).toFixed(3)} M (blocks of ${process.env.CALLS ?? 40} calls; CALLS=n if other)`,
);
console.log(`| function | ${now} - ${was}, K per call | ${now}, K | ${was}, K |`);
console.log('| -------- | ---: | ---: | ---: |');
const rows = [...new Set([...plain.keys(), ...keyed.keys()])].map((name) => ({
  name,
  keyed: keyed.get(name) ?? 0,
  plain: plain.get(name) ?? 0,
}));
rows.sort((a, b) => b.keyed - b.plain - (a.keyed - a.plain));
for (const row of rows.slice(0, Number(values.top))) {
  const k = (n: number) => (n / 1e3).toFixed(1);
  console.log(
    `| ${row.name.slice(0, 90)} | ${k(row.keyed - row.plain)} | ${k(row.keyed)} | ${k(row.plain)} |`,
  );
}
