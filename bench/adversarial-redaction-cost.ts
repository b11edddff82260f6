// Whether redacting grows linearly with a text made to be slow (redteam29): `scrubText` with a
// token, a card and its CVC of (a) one line of JSON whose rows hold the CVC's digits reversed as
// a number (`"qty":789` for `987`: a secret's reversed forms, folded-text.ts, looked back to the
// line's start at each), with and without an override before them; (b) escapes that are no
// character (`%E2%80%` repeated, not UTF-8; `&#9999999;`, past Unicode: each threw an exception
// in the fold). At each size given, before (`--root`) and after (this checkout) in one process,
// interleaved (order flipped each round). CPU ms per text.
//
//   npx tsx bench/adversarial-redaction-cost.ts --root <before> [--rounds 3] [--kb 12,48]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScrubText } from './support.js';
import { wordDump as dump } from './word-dump.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    kb: { type: 'string', default: '10,40' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const dir = await mkdtemp(join(tmpdir(), 'seatpay-adversarial-cost-'));
const load = (name: string, root: string) => loadScrubText(dir, name, root);
const sides = {
  before: await load('before', resolve(values.root)),
  after: await load('after', resolve(new URL('..', import.meta.url).pathname)),
};
await rm(dir, { recursive: true, force: true });

const secrets = ['sk_live_324c9e4eabd5832b0267441b28790ef9', '4539148803436467', '987'];
/** One line of JSON of about `chars` characters, rows `{"id":N,"qty":789}`, after `note`. */
const line = (chars: number, note: string) =>
  JSON.stringify({ note, rows: Array.from({ length: chars / 21 }, (_, id) => ({ id, qty: 789 })) });
const sizes = values.kb.split(',').map((kb) => Number(kb) * 1024);
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${values.rounds} rounds; CPU ms per text`);
console.log('| text | size | before ms | after ms |');
console.log('| --- | ---: | ---: | ---: |');
const TEXTS: [string, (size: number) => string][] = [
  ['JSON line, `"qty":789` rows', (size) => line(size, 'none')],
  ['the same after `\\u202e`', (size) => line(size, '\\u202e')],
  ['`%E2%80%` repeated', (size) => '%E2%80%'.repeat(size / 7)],
  ['`&#9999999;` repeated', (size) => '&#9999999;'.repeat(size / 10)],
  // redteam41: dumps' words read whole. One line of hexdump -x's words (four blanks apart) or of
  // hexdump -C's bytes in pairs two blanks apart (each run of blanks asked whether a column
  // follows); od -x and xxd -g 4 dumps of a text, lines of 16 bytes.
  ['one line of `7070    7071` words', (size) => '7070    7071    '.repeat(size / 16)],
  ['one line of `34 35  ` pairs', (size) => '34 35  '.repeat(size / 7)],
  ['`od -x` dump, 16 bytes a line', (size) => dump(size, 2, true)],
  ['`xxd -g 4` dump, 16 bytes a line', (size) => dump(size, 4, false)],
];

for (const [label, make] of TEXTS) {
  for (const size of sizes) {
    const text = make(size);
    const per: Record<'before' | 'after', number[]> = { before: [], after: [] };
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
      for (const side of order) {
        const started = process.cpuUsage();
        sides[side](text, secrets);
        const used = process.cpuUsage(started);
        per[side].push((used.user + used.system) / 1000);
      }
    }
    const shown = (list: number[]) => list.map((ms) => ms.toFixed(0)).join(', ');
    console.log(
      `| ${label} | ${(text.length / 1024).toFixed(0)} KB | ${shown(per.before)} | ${shown(per.after)} |`,
    );
  }
}
