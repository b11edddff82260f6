// Redaction that grew faster than its text (secretsperf18): `scrubText` with a token, a card and
// its CVC of (a) a dump of a text's bytes in 32-bit words (`xxd -g 4`, `od -tx4`), one word of
// the whole dump that every secret read; (b) one line: a right-to-left override, then reversed
// copies of the card or the CVC (each reversed form looked back to the override: quadratic);
// (c) the first redaction of a short text after a new token is known (its patterns built and
// compiled), with and without an override in the text. Before (`--root`) and after (this
// checkout), bundled, in one process, interleaved (order flipped each round). CPU ms per text.
//
//   npx tsx bench/redaction-growth.ts --root <before> [--rounds 3] [--kb 256,1024] [--copies 500,2000,8000]
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
    kb: { type: 'string', default: '256,1024' },
    copies: { type: 'string', default: '500,2000,8000' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const dir = await mkdtemp(join(tmpdir(), 'seatpay-redaction-growth-'));
const load = (name: string, root: string) => loadScrubText(dir, name, root);
const sides = {
  before: await load('before', resolve(values.root)),
  after: await load('after', resolve(new URL('..', import.meta.url).pathname)),
};
await rm(dir, { recursive: true, force: true });

const card = '4539148803436467';
const secrets = ['sk_live_324c9e4eabd5832b0267441b28790ef9', card, '987'];
const reversed = (text: string) => [...text].reverse().join('');
const rounds = Number(values.rounds);
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds; CPU ms per text`);
console.log('| text | size | before ms | after ms |');
console.log('| --- | ---: | ---: | ---: |');

const cpu = (run: () => unknown) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const shown = (list: number[]) => list.map((ms) => ms.toFixed(ms < 10 ? 1 : 0)).join(', ');

function row(label: string, text: string, secretsOf: (round: number) => string[] = () => secrets) {
  const per: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) per[side].push(cpu(() => sides[side](text, secretsOf(round))));
  }
  const size = text.length < 4096 ? `${text.length} B` : `${(text.length / 1024).toFixed(0)} KB`;
  console.log(`| ${label} | ${size} | ${shown(per.before)} | ${shown(per.after)} |`);
}

for (const kb of values.kb.split(',').map(Number)) {
  row('`xxd -g 4` dump, 16 bytes a line', dump(kb * 1024, 4, false));
  row('`od -tx4` dump, 16 bytes a line', dump(kb * 1024, 4, true));
}
for (const copies of values.copies.split(',').map(Number)) {
  row('override, then reversed copies of the card', `\u202e${`${reversed(card)} `.repeat(copies)}`);
  row('override, then reversed copies of the CVC', `\u202e${'789 '.repeat(copies)}`);
}
// A new token each round (and each side: its patterns are each side's own to build).
let made = 0;
const newToken = () => [`sk_live_${(++made).toString(36).padStart(8, '0')}9fQ2x7LmZ0aB4c`];
const body = JSON.stringify({ error: { code: 'card_declined', id: 'req_8f2a', amounts: [1, 2] } });
row('a short body, a new token', body, newToken);
row('the same after `\\u202e`, a new token', `${body}\u202e`, newToken);
