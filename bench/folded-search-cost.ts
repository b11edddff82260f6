// What the folded search (src/folded-text, eighth pass) costs per text redacted: `scrubText` of
// texts a client redacts (a header, a short field, a 1 KB JSON answer, the same with CJK text and
// full-width digits, a 64 KB log) with a token, a card and its CVC, before and after side by side
// in one process: each checkout's src/core/secrets/redact.ts bundled with esbuild, the two measured
// in interleaved rounds (order flipped each round, one warm-up round thrown away), CPU per text.
//
//   npx tsx bench/folded-search-cost.ts --root <before> [--after <checkout>] [--rounds 9]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScrubText } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    after: { type: 'string' },
    rounds: { type: 'string', default: '9' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const here = resolve(values.after ?? new URL('..', import.meta.url).pathname);

const dir = await mkdtemp(join(tmpdir(), 'seatpay-folded-cost-'));
const load = (name: string, root: string) => loadScrubText(dir, name, root);
const sides = {
  before: await load('before', resolve(values.root)),
  after: await load('after', here),
};
await rm(dir, { recursive: true, force: true });

/** `length` hex digits that depend on `at` (a hash's look). */
const hex = (at: number, length: number) =>
  Array.from({ length }, (_, n) => ((at * 7919 + n * 104729) % 16).toString(16)).join('');
const secrets = ['324c9e4eabd5832b0267441b28790ef9c71e6d06', '4242424242424242', '987'];
const json = JSON.stringify({
  id: 5123,
  amount: '19.00',
  created_at: '2026-11-29T17:05:00.123Z',
  seats: Array.from({ length: 8 }, (_, at) => ({ id: 900 + at, email: `user${at}@example.com` })),
});
const TEXTS: Record<string, string> = {
  header: 'application/json; charset=utf-8',
  field: 'Ada Lovelace <ada@example.com>',
  'json 1 KB': json,
  'json 1 KB, CJK': json.replace(/user(\d)/g, '利用者４２$1'),
  'log 64 KB': Array.from({ length: 900 }, (_, at) => `${json.slice(0, 60)} row ${at}`).join('\n'),
  // The texts the whole-line rule looks at: hashes one a line, and ids ending every other line.
  'hashes 8 KB': Array.from({ length: 200 }, (_, at) => hex(at, 40)).join('\n'),
  'log, ids at ends 10 KB': Array.from({ length: 400 }, (_, at) =>
    at % 2 ? `GET /v1/seats 200 ${at} ms request_id=` : `req_${hex(at, 28)}`,
  ).join('\n'),
};
const rows: string[] = [];
for (const [label, text] of Object.entries(TEXTS)) {
  const times = Math.max(20, Math.floor(2_000_000 / text.length));
  const per: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let round = 0; round <= rounds; round++) {
    const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) {
      const started = process.cpuUsage();
      for (let n = 0; n < times; n++) sides[side](text, secrets);
      const used = process.cpuUsage(started);
      if (round > 0) per[side].push((used.user + used.system) / times);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
  const ratios = per.after.map((after, at) => after / per.before[at]!);
  rows.push(
    `| ${label} | ${median(per.before).toFixed(2)} | ${median(per.after).toFixed(2)} | ` +
      `${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}] |`,
  );
}
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds; µs CPU per text`);
console.log('| text | before µs | after µs | after/before, median [range] |');
console.log('| --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
