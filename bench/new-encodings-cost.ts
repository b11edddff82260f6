// What redteam44's forms (octal escapes, hex apart by `;` `|` a tab or quoted, wire dumps' offsets
// across lines) cost every text redacted: `scrubText` (what `redactSecrets` runs on a string) with
// a token, a card and its CVC, of a 1 MB log and a 40 KB error body, and of 40 KB texts made of
// the new forms' first steps (the worst a form can add), base64 (a token's pieces are looked for), before (`--root`) and after (this
// checkout) in one process, interleaved (order flipped each round, a warm-up round thrown away).
// CPU ms per text, median of the rounds.
//
//   npx tsx bench/new-encodings-cost.ts --root <before> [--rounds 5]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScrubText } from './support.js';

const { values } = parseArgs({
  options: { root: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const dir = await mkdtemp(join(tmpdir(), 'seatpay-new-encodings-'));
const sides = {
  before: await loadScrubText(dir, 'before', resolve(values.root)),
  after: await loadScrubText(dir, 'after', resolve(new URL('..', import.meta.url).pathname)),
};
await rm(dir, { recursive: true, force: true });

const secrets = ['sk_live_9fQ2xLmZ8pR4tY7uW3vB', '4539148803436467', '737'];
const fill = (unit: (at: number) => string, size: number) => {
  let text = '';
  for (let at = 0; text.length < size; at++) text += unit(at);
  return text.slice(0, size);
};
const hexOf = (at: number) => ((at * 37) % 256).toString(16).padStart(2, '0');
const logLine = (at: number) =>
  `2026-11-30T21:${String(at % 60).padStart(2, '0')}:07.${at % 1000}Z INFO ` +
  (at % 3
    ? `GET /v1/teams/t_${at}/seats 200 ${at % 97} ms request_id=req_${(at * 7919).toString(16)}\n`
    : `answer {"id":${at},"amount":"19.00","seats":[${at % 9},${at % 7},${at % 5}],"sha":"${fill(hexOf, 40)}"}\n`);
const TEXTS: Record<string, string> = {
  'log 1 MB': fill(logLine, 1_000_000),
  'error body 40 KB': JSON.stringify({
    error: 'validation failed',
    items: Array.from({ length: 400 }, (_, at) => ({ row: at, field: `seats[${at}]`, ok: at % 2 })),
  }).slice(0, 40_000),
  'hex `73;6b;` 40 KB': fill((at) => `${hexOf(at)};`, 40_000),
  'quoted `"73","6b",` 40 KB': fill((at) => `"${hexOf(at)}",`, 40_000),
  'octal `\\163\\153` 40 KB': fill(
    (at) => `\\${((at * 37) % 256).toString(8).padStart(3, '0')}`,
    40_000,
  ),
  'base64 of noise 40 KB': Buffer.from(
    fill((at) => String.fromCharCode((at * 7919) % 256), 30_000),
    'latin1',
  ).toString('base64'),
  'log 1 MB, a base64 word a line': fill(
    (at) =>
      `${logLine(at).trimEnd()} frame=${Buffer.from(`frame ${at} of the stream`).toString('base64')}\n`,
    1_000_000,
  ),
  'curl --trace lines 40 KB': fill(
    (at) =>
      `${(at * 16).toString(16).padStart(4, '0')}: ${fill((n) => `${hexOf(at + n)} `, 48)} ................\n`,
    40_000,
  ),
};
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds; CPU ms per text`);
console.log('| text | before ms | after ms |');
console.log('| --- | ---: | ---: |');
for (const [label, text] of Object.entries(TEXTS)) {
  const per: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let round = 0; round <= rounds; round++) {
    const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) {
      const started = process.cpuUsage();
      sides[side](text, secrets);
      const used = process.cpuUsage(started);
      if (round > 0) per[side].push((used.user + used.system) / 1000);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
  console.log(`| ${label} | ${median(per.before).toFixed(1)} | ${median(per.after).toFixed(1)} |`);
}
