// What a client's first redaction with a new secret costs (V8 compiles each secret's patterns at
// their first search, and again at their second), and what redteam47's forms (od's dumps, lists
// of characters, base64 in short lines, prefixed dumps) cost every text: `scrubText` before
// (`--root`) and after (this checkout) in one process, interleaved (order flipped each round).
//
// First redaction: a fresh token, card and CVC each round, `scrubText` of a log line with no
// escape (most texts), then of a JSON body with escapes (`\"`, `%2F`: the whole patterns), then
// the same again (compiled). Texts: CPU ms per text, median of the rounds, a warm-up thrown away.
//
//   npx tsx bench/first-redaction-cost.ts --root <before> [--rounds 9]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScrubText } from './support.js';

const { values } = parseArgs({
  options: { root: { type: 'string' }, rounds: { type: 'string', default: '9' } },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const dir = await mkdtemp(join(tmpdir(), 'seatpay-first-redaction-'));
const sides = {
  before: await loadScrubText(dir, 'before', resolve(values.root)),
  after: await loadScrubText(dir, 'after', resolve(new URL('..', import.meta.url).pathname)),
};
await rm(dir, { recursive: true, force: true });
type Side = keyof typeof sides;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
const cpu = (run: () => void) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};
const order = (round: number): Side[] => (round % 2 ? ['after', 'before'] : ['before', 'after']);

let serial = 0;
const fresh = () => {
  serial++;
  const token = `sk_live_${serial.toString(36).padStart(4, '0')}9fQ2xLmZ8pR4tY7uW3vB`;
  const card = `4539${String(14880343 + serial * 7919).padStart(8, '0')}${String(1000 + serial).slice(-4)}`;
  return [token, card, String(100 + (serial % 900))];
};
const line = '2026-11-30T21:04:07.123Z INFO GET /v1/teams/t_4/seats 200 12 ms request_id=req_5f3a';
const escaped = JSON.stringify({ detail: JSON.stringify({ path: '/v1/teams%2Ft_4', ok: false }) });

console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds; CPU ms, median`);
console.log('\n| first redaction, a new token, card and CVC | before ms | after ms |');
console.log('| --- | ---: | ---: |');
const steps = [
  'a log line (first)',
  'a JSON body with escapes',
  'a log line again',
  'the body again',
];
const firsts: Record<Side, number[][]> = {
  before: steps.map(() => []),
  after: steps.map(() => []),
};
for (let round = 0; round <= rounds; round++)
  for (const side of order(round)) {
    const secrets = fresh();
    const times = [line, escaped, line, escaped].map((text) =>
      cpu(() => sides[side](text, secrets)),
    );
    if (round > 0) times.forEach((ms, at) => firsts[side][at]!.push(ms));
  }
steps.forEach((step, at) =>
  console.log(
    `| ${step} | ${median(firsts.before[at]!).toFixed(2)} | ${median(firsts.after[at]!).toFixed(2)} |`,
  ),
);

const secrets = ['sk_live_9fQ2xLmZ8pR4tY7uW3vB', '4539148803436467', '737'];
const fill = (unit: (at: number) => string, size: number) => {
  let text = '';
  for (let at = 0; text.length < size; at++) text += unit(at);
  return text.slice(0, size);
};
const logLine = (at: number) =>
  `2026-11-30T21:${String(at % 60).padStart(2, '0')}:07.${at % 1000}Z INFO ` +
  (at % 3
    ? `GET /v1/teams/t_${at}/seats 200 ${at % 97} ms request_id=req_${(at * 7919).toString(16)}\n`
    : `answer {"id":${at},"amount":"19.00","seats":[${at % 9},${at % 7},${at % 5}]}\n`);
const noise = Buffer.from(fill((at) => `{"id":${at},"name":"seat","qty":789}`, 30_000));
const od = (field: (byte: number) => string) =>
  fill(
    (at) =>
      `${(at * 16).toString(8).padStart(7, '0')}${[...noise.subarray(at * 16, at * 16 + 16)].map(field).join('')}\n`,
    40_000,
  );
const TEXTS: Record<string, string> = {
  'log 1 MB': fill(logLine, 1_000_000),
  'log 1 MB, each line after a prefix, a number table': fill(
    (at) => `2026-11-30T21:04:07Z app[12]: ${at % 97} ${at % 13} ${at % 7} ${at % 5} 1 2 3 4 5 6\n`,
    1_000_000,
  ),
  'od -b of JSON 40 KB': od((byte) => ` ${byte.toString(8).padStart(3, '0')}`),
  'od -c of JSON 40 KB': od((byte) => String.fromCharCode(byte).padStart(4)),
  // redteam58: od -c's lines joined as the command prints a line break (`\u{a}`).
  'od -c of JSON 40 KB, lines joined by \\u{a}': od((byte) =>
    String.fromCharCode(byte).padStart(4),
  ).replaceAll('\n', '\\u{a}'),
  "Python's list of JSON's characters 40 KB": `[${fill((at) => `'${String.fromCharCode(noise[at % noise.length]!)}', `, 40_000)}]`,
  'base64 in lines of 8, 40 KB': noise.toString('base64').replace(/.{8}/g, '$&\n').slice(0, 40_000),
  'xxd, each line after a prefix, 40 KB': fill(
    (at) =>
      `2026-11-30T21:04:07Z app[12]: ${(at * 16).toString(16).padStart(8, '0')}: ${noise
        .subarray(at * 16, at * 16 + 16)
        .toString('hex')
        .replace(/.{4}/g, '$& ')} ${noise.subarray(at * 16, at * 16 + 16).toString('latin1')}\n`,
    40_000,
  ),
  'xxd, each line after a prefix, 1 MB': fill(
    (at) =>
      `2026-11-30T21:04:07Z app[12]: ${(at * 16).toString(16).padStart(8, '0')}: ${noise
        .subarray((at * 16) % 29_984, ((at * 16) % 29_984) + 16)
        .toString('hex')
        .replace(
          /.{4}/g,
          '$& ',
        )} ${noise.subarray((at * 16) % 29_984, ((at * 16) % 29_984) + 16).toString('latin1')}\n`,
    1_000_000,
  ),
  // redteam50: od's lines each after a log's prefix (od -x's words, od -c's cells).
  'od -x, each line after a prefix, 40 KB': fill(
    (at) =>
      `2026-11-30T21:04:07Z app[12]: ${(at * 16).toString(8).padStart(7, '0')} ${[
        ...noise.subarray(at * 16, at * 16 + 16),
      ]
        .map((byte, i, all) =>
          i % 2 ? '' : ((all[i + 1] ?? 0) * 256 + byte).toString(16).padStart(4, '0'),
        )
        .filter(Boolean)
        .join(' ')}\n`,
    40_000,
  ),
  'od -c, each line after a prefix, 40 KB': fill(
    (at) =>
      `app[12]: ${(at * 16).toString(8).padStart(7, '0')}${[
        ...noise.subarray(at * 16, at * 16 + 16),
      ]
        .map((byte) => String.fromCharCode(byte).padStart(4))
        .join('')}\n`,
    40_000,
  ),
};
console.log('\n| text (a token, a card, a CVC) | before ms | after ms |');
console.log('| --- | ---: | ---: |');
for (const [label, text] of Object.entries(TEXTS)) {
  const per: Record<Side, number[]> = { before: [], after: [] };
  for (let round = 0; round <= Math.min(rounds, 5); round++)
    for (const side of order(round)) {
      const ms = cpu(() => sides[side](text, secrets));
      if (round > 0) per[side].push(ms);
    }
  console.log(`| ${label} | ${median(per.before).toFixed(1)} | ${median(per.after).toFixed(1)} |`);
}
