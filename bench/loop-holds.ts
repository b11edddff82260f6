// What holds the event loop (loopaudit): for each thing a user can make seatpay do with a large
// input, the longest single hold of the loop (the longest gap between two runs of a `setImmediate`
// loop kept going meanwhile) as CPU of this process and elapsed, and the CPU of the whole.
//
//   npx tsx bench/loop-holds.ts [--root <another checkout>] [--rounds 3] [--only <name,...>]
//
// Each side is bundled with esbuild and imported (no tsx in the measure); with `--root` the two
// sides run in interleaved rounds, their order flipping each round. One warm-up round is thrown
// away. Inputs: a 5 MB and a 50 MB `subscriptions.list` answer (rows of every field), a 5 MB
// HTML proxy page as a 502 answer and as a 2xx answer (its validation error quotes it), a
// journal of 100,000 records listed whole (memoryJournal, fileJournal), a 64 MiB chunk hashed
// (seatpay's own md5 as the main entry uses it where there is no node:crypto, node:crypto's md5,
// the chunk's SHA-256), and a 100,000-row CSV parsed as the command parses it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleForNode, loopHeld as held } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const here = resolve(new URL('..', import.meta.url).pathname);

interface Journal {
  set(key: string, record: unknown): Promise<void>;
  list(options?: { signal?: AbortSignal }): Promise<unknown[]>;
  close?(): void;
}
interface Side {
  createClient: (options: Record<string, unknown>) => {
    subscriptions: { list(): Promise<unknown> };
    plans: { get(slug: string): Promise<unknown> };
    journal: { list(options: { journal: Journal }): Promise<unknown[]> };
  };
  memoryJournal: () => Journal;
  fileJournal: (path: string) => Journal;
  parseCsv: (text: string, file: string, columns: { required: string[] }) => unknown[];
  Md5: new () => { update(bytes: Uint8Array): void; digest(): string };
  chunkDigest: (chunk: Uint8Array | Blob) => Promise<string>;
  md5: () => { update(bytes: Uint8Array): unknown; digest(): string };
}

const dir = await mkdtemp(join(tmpdir(), 'seatpay-loop-holds-'));
async function load(name: string, root: string): Promise<Side> {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(
    entry,
    [
      `export { createClient, memoryJournal } from '${join(root, 'src/index.ts')}';`,
      `export { fileJournal } from '${join(root, 'src/node.ts')}';`,
      `export { parseCsv } from '${join(root, 'src/command/csv.ts')}';`,
      `export { Md5 } from '${join(root, 'src/helpers/upload/md5.ts')}';`,
      `export { chunkDigest } from '${join(root, 'src/helpers/upload/chunk-digest.ts')}';`,
      `import { createHash } from 'node:crypto';`,
      `export const md5 = () => createHash('md5');`,
    ].join('\n'),
  );
  const bundle = await bundleForNode(dir, name, pathToFileURL(entry));
  return (await import(pathToFileURL(bundle).href)) as Side;
}
const sides: Record<string, Side> = values.root
  ? { before: await load('before', resolve(values.root)), after: await load('after', here) }
  : { this: await load('this', here) };

const token = '324c9e4eabd5832b0267441b28790ef9c71e6d06';

/** A `subscriptions.list` answer of about `bytes`: every field of a subscription, filled. */
function listing(bytes: number, currency: unknown = { code: 'EUR', name: 'Euro' }): string {
  const rows: string[] = [];
  let length = 0;
  for (let id = 1; length < bytes; id++) {
    const row = JSON.stringify({
      id,
      status: 'ACTIVE',
      user: { id: 1000 + id, email: `owner${id}@example.com` },
      plans: [{ id: 7, slug: 'team' }],
      paid_at: '2026-11-01T10:00:00Z',
      next_payment_at: '2026-12-01T10:00:00Z',
      valid_until: null,
      pay_every: 1,
      pay_every_unit: 'MONTH',
      currency,
      next_renewal_amount: '49.00',
      seats_limit: 10,
      seats_count: id % 10,
      has_billing_team: true,
    });
    rows.push(row);
    length += row.length + 1;
  }
  return `{"subscriptions":[${rows.join(',')}]}`;
}
/** A proxy's HTML error page of about `bytes`. */
function proxyPage(bytes: number): string {
  const parts = ['<!doctype html><html><body><h1>502 Bad Gateway</h1><pre>'];
  let length = 0;
  for (let at = 0; length < bytes; at++) {
    const line = `${at} upstream 10.0.${at % 256}.${at % 199}:8080 reset after ${at % 997} ms\n`;
    parts.push(line);
    length += line.length;
  }
  return parts.join('') + '</pre></body></html>';
}
const list5 = listing(5_000_000);
const list50 = listing(50_000_000);
/** The same 5 MB with a field of every row of the wrong type: a validation error of 14,000 issues. */
const wrong5 = listing(5_000_000, 'EUR');
const page5 = proxyPage(5_000_000);
/** The same 5 MB, valid, its first row's amount a number: zod's transform makes it a string. */
const rewrite5 = list5.replace('"next_renewal_amount":"49.00"', '"next_renewal_amount":49');
const csv = [
  'plan,seats,email',
  ...Array.from({ length: 100_000 }, (_, i) => `team,${(i % 9) + 1},"buyer${i}@example.com"`),
].join('\n');
const chunk = new Uint8Array(64 * 1024 * 1024).map((_, i) => i * 31);
const blob = new Blob([chunk]);
const record = (i: number) => ({
  kind: 'checkout',
  stage: 'done',
  charged: 'yes',
  params: { service: 'ai-credits', how_many: 5, subscription: 7 },
  result: { id: i, amount: '4.00', status: 'FULFILLED' },
  updatedAt: new Date().toISOString(),
});
const journals = new Map<Side, { memory: Journal; file: Journal }>();
for (const side of Object.values(sides)) {
  const memory = side.memoryJournal();
  const file = side.fileJournal(join(dir, `journal-${journals.size}.db`));
  for (let i = 0; i < 100_000; i++) await memory.set(`order-${i}`, record(i));
  // One transaction's worth at a time would be faster; 100,000 sets is a minute or two.
  const batch: Promise<void>[] = [];
  for (let i = 0; i < 100_000; i++) batch.push(file.set(`order-${i}`, record(i)));
  await Promise.all(batch);
  journals.set(side, { memory, file });
}

const answering = (side: Side, body: string, status: number) =>
  side.createClient({
    baseUrl: 'http://service.test',
    token,
    maxRetries: 0,
    maxResponseBytes: 64 * 1024 * 1024, // 32 MiB by default: a user expecting 50 MB raises it
    fetch: async () =>
      new Response(body, {
        status,
        headers: { 'content-type': status === 200 ? 'application/json' : 'text/html' },
      }),
  });

/** Feeds a 64 MiB chunk to a digest 1 MiB at a time, the loop let go between (InOrderDigest). */
async function inPieces(digest: { update(bytes: Uint8Array): unknown; digest(): string }) {
  for (let at = 0; at < chunk.byteLength; at += 1024 * 1024) {
    await digest.update(chunk.subarray(at, at + 1024 * 1024));
    await new Promise((go) => setImmediate(go));
  }
  return digest.digest();
}

const operations: Record<string, (side: Side) => unknown> = {
  'subscriptions.list, 5 MB answer': (side) => answering(side, list5, 200).subscriptions.list(),
  "subscriptions.list, 5 MB answer needing zod's rewrite": (side) =>
    answering(side, rewrite5, 200).subscriptions.list(),
  'subscriptions.list, 50 MB answer': (side) => answering(side, list50, 200).subscriptions.list(),
  'validation error of a 5 MB answer, every row wrong': (side) =>
    answering(side, wrong5, 200)
      .subscriptions.list()
      .catch(() => undefined),
  '502 answer, 5 MB HTML page': (side) =>
    answering(side, page5, 502)
      .subscriptions.list()
      .catch(() => undefined),
  'validation error quoting a 5 MB 2xx page': (side) =>
    answering(side, page5, 200)
      .plans.get('team')
      .catch(() => undefined),
  'memoryJournal list() of 100,000': (side) => journals.get(side)!.memory.list(),
  'fileJournal list() of 100,000': (side) => journals.get(side)!.file.list(),
  'client.journal.list(), memoryJournal of 100,000': (side) =>
    answering(side, '{}', 200).journal.list({ journal: journals.get(side)!.memory }),
  'client.journal.list(), fileJournal of 100,000': (side) =>
    answering(side, '{}', 200).journal.list({ journal: journals.get(side)!.file }),
  'md5 (seatpay, main entry) of 64 MiB, 1 MiB pieces': (side) => inPieces(new side.Md5()),
  'md5 (node:crypto) of 64 MiB, 1 MiB pieces': (side) => inPieces(side.md5()),
  'SHA-256 of a 64 MiB chunk (chunkDigest)': (side) => side.chunkDigest(chunk),
  'SHA-256 of a 64 MiB Blob chunk (chunkDigest)': (side) => side.chunkDigest(blob),
  'CSV parse, 100,000 rows': (side) =>
    side.parseCsv(csv, 'orders.csv', { required: ['plan', 'seats', 'email'] }),
};
const only = values.only?.split(',');
const chosen = Object.entries(operations).filter(
  ([name]) => !only || only.some((part) => name.includes(part)),
);

const load1 = loadavg()[0]!.toFixed(1);
const results = new Map<string, Map<string, Awaited<ReturnType<typeof held>>[]>>();
const names = Object.keys(sides);
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const [name, operation] of chosen) {
    for (const sideName of order) {
      const result = await held(() => operation(sides[sideName]!));
      if (round === 0) continue; // warm-up
      const byName = results.get(name) ?? new Map();
      results.set(name, byName);
      byName.set(sideName, [...(byName.get(sideName) ?? []), result]);
    }
  }
}
for (const { file } of journals.values()) file.close?.();
await rm(dir, { recursive: true, force: true });

const range = (xs: number[]) =>
  `${Math.round(Math.min(...xs)).toLocaleString('en')}-${Math.round(Math.max(...xs)).toLocaleString('en')}`;
console.log(`load ${load1} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
console.log(
  `| what | ${names.map((side) => `${side}: loop held, ms CPU (elapsed) | ${side}: all, ms CPU`).join(' | ')} |`,
);
for (const [name, byName] of results) {
  const cells = names.map((side) => {
    const runs = byName.get(side)!;
    return `${range(runs.map((run) => run.longestCpu))} (${range(runs.map((run) => run.longest))}) | ${range(runs.map((run) => run.total))}`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
