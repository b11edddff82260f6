// What hiding unknown card numbers by their form costs the command's output (`hideCardShapes`,
// every write): before (`--root`) and after (this checkout) in one process, interleaved (order
// flipped each round), CPU ms per text, median of the rounds. Texts: a JSON log of numbers (ids,
// amounts, timestamps: most output), a quoted-printable e-mail body (lines of 76 ending `=`),
// each about `--kb` KB (redteam56: soft line breaks read, regional networks' first digits).
//
//   npx tsx bench/card-shapes-cost.ts --root <before> [--rounds 7] [--kb 256]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '7' },
    kb: { type: 'string', default: '256' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
type Hide = (text: string) => string;
const dir = await mkdtemp(join(tmpdir(), 'seatpay-card-shapes-cost-'));
async function load(name: string, root: string): Promise<Hide> {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(
    entry,
    `export { hideCardShapes } from '${join(root, 'src/node/card-shapes.ts')}';`,
  );
  const bundle = await bundleForNode(dir, name, pathToFileURL(entry));
  return ((await import(pathToFileURL(bundle).href)) as { hideCardShapes: Hide }).hideCardShapes;
}
const sides = {
  before: await load('before', resolve(values.root)),
  after: await load('after', resolve(new URL('..', import.meta.url).pathname)),
};
await rm(dir, { recursive: true, force: true });

const size = Number(values.kb) * 1024;
const log = (() => {
  const lines: string[] = [];
  for (let id = 0, length = 0; length < size; id++) {
    const line = JSON.stringify({ id, at: 1764412800005 + id, amount: `${id % 997}.50`, qty: 12 });
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
})();
const words = 'Your seat order 2026112912000006 of 3 seats = 12.50 EUR, ref 9999999999999995; ';
const body = words.repeat(Math.ceil(size / words.length)).slice(0, size);
const qp = body.match(/.{1,75}/g)!.join('=\r\n');
const TEXTS: [string, string][] = [
  ['JSON log lines of numbers', log],
  ['quoted-printable e-mail body, `=\\r\\n` every 76', qp],
  ["the same, the command's `=\\u{d}\\u{a}`", qp.replace(/\r\n/g, '\\u{d}\\u{a}')],
];

const cpu = (run: () => void) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${values.rounds} rounds; CPU ms per text`);
console.log('| text | size | before ms | after ms |');
console.log('| --- | ---: | ---: | ---: |');
for (const [label, text] of TEXTS) {
  const per: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (const side of ['before', 'after'] as const) sides[side](text); // warm-up
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) per[side].push(cpu(() => sides[side](text)));
  }
  const kb = `${Math.round(text.length / 1024)} KB`;
  console.log(
    `| ${label} | ${kb} | ${median(per.before).toFixed(1)} | ${median(per.after).toFixed(1)} |`,
  );
}
