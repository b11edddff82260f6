// Redacting a large answer (the fifth pass's closing note: 5 MB of JSON with many digits and hex
// words held the event loop 0.6-0.8 s). For each side, `Secrets` with a token, a card and a CVC:
// the CPU of redacting the answer in one go (`redact`, as errors and logs still do for what is
// small), and after this branch the slices (`redactLater`, what an error's body or a journal's
// record of a large answer goes through): its CPU, how long it takes, and the longest the event
// loop was held: the longest gap between two runs of a `setImmediate` loop kept going meanwhile,
// as CPU of this process (what the redaction does) and as elapsed time (which also counts the
// time other processes had the cores: a loaded machine lengthens it, and so does a collection).
//
//   npx tsx bench/large-answer-redaction.ts --root <another checkout> [--rounds 5] [--mb 5]
//
// Both sides' `Secrets` (src/core/secrets/secrets.ts) are bundled with esbuild and imported; the
// sides run in interleaved rounds, their order flipping each round, one warm-up round thrown away.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleForNode, loopHeld } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    mb: { type: 'string', default: '5' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const size = Number(values.mb) * 1_000_000;
const here = resolve(new URL('..', import.meta.url).pathname);

interface SecretsLike {
  remember(secrets: readonly string[]): void;
  redact<T>(value: T): T;
  redactLater?<T>(value: T, stored?: boolean): Promise<T>;
}
type SecretsClass = new (pinned: readonly string[]) => SecretsLike;

const dir = await mkdtemp(join(tmpdir(), 'seatpay-large-redaction-'));
async function load(name: string, root: string): Promise<SecretsClass> {
  const entry = join(dir, `${name}-entry.ts`);
  await writeFile(entry, `export { Secrets } from '${join(root, 'src/core/secrets/secrets.ts')}';`);
  const bundle = await bundleForNode(dir, name, pathToFileURL(entry));
  return ((await import(pathToFileURL(bundle).href)) as { Secrets: SecretsClass }).Secrets;
}
const subjects = {
  before: await load('before', resolve(values.root)),
  after: await load('after', here),
};
await rm(dir, { recursive: true, force: true });

/** A listing of about `size` characters as JSON: ids, amounts, times, hex references, notes. */
function listing(): unknown {
  const results: unknown[] = [];
  let length = 0;
  for (let at = 0; length < size; at++) {
    const item = {
      id: 100_000 + at,
      amount: `${(at % 997) + 1}.${String(at % 100).padStart(2, '0')}`,
      created_at: new Date(1_800_000_000_000 + at * 7_919).toISOString(),
      reference: `${(at * 2_654_435_761).toString(16).padStart(8, '0')}deadbeef${at}`,
      notes: `order ${at} of batch ${at % 97}: 12 × 4.50, ref cafe${at % 9_999} ok`,
      lines: [at % 13, at % 7, 'ai-credits'],
    };
    length += JSON.stringify(item).length + 1;
    results.push(item);
  }
  return { count: results.length, results };
}

const answer = listing();
const token = '324c9e4eabd5832b0267441b28790ef9c71e6d06';
const cpu = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** ms of CPU for one go, and for the slices: ms of CPU, ms elapsed, the longest hold in ms. */
async function measure(
  secrets: SecretsLike,
): Promise<{ oneGo: number } & Partial<Awaited<ReturnType<typeof loopHeld>> & { sliced: number }>> {
  const start = process.cpuUsage();
  secrets.redact(answer);
  const oneGo = cpu(start);
  if (!secrets.redactLater) return { oneGo };
  // The slices' CPU is the loop's whole CPU (`total`), measured the same way as one go's.
  const { total: sliced, ...held } = await loopHeld(() => secrets.redactLater!(answer, true));
  return { oneGo, sliced, ...held };
}

const names = Object.keys(subjects) as (keyof typeof subjects)[];
const instances = Object.fromEntries(
  names.map((name) => {
    const secrets = new subjects[name]([token]);
    secrets.remember(['4242424242424242', '987']);
    return [name, secrets];
  }),
) as Record<keyof typeof subjects, SecretsLike>;
const results = new Map(names.map((name) => [name, [] as Awaited<ReturnType<typeof measure>>[]]));
const loadBefore = loadavg()[0]!;
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 ? [...names].reverse() : names;
  for (const name of order) {
    const got = await measure(instances[name]);
    if (round > 0) results.get(name)!.push(got);
  }
}
const range = (list: number[]) => `${Math.min(...list).toFixed(0)}-${Math.max(...list).toFixed(0)}`;
console.log(
  `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; ` +
    `${rounds} rounds; answer ${(JSON.stringify(answer).length / 1e6).toFixed(2)} MB of JSON`,
);
for (const name of names) {
  const list = results.get(name)!;
  const line = [`${name.padEnd(6)} one go: ${range(list.map((r) => r.oneGo))} ms CPU (loop held)`];
  if (list[0]!.sliced !== undefined) {
    line.push(
      `slices: ${range(list.map((r) => r.sliced!))} ms CPU, ${range(list.map((r) => r.elapsed!))} ms elapsed,` +
        ` ${range(list.map((r) => r.pauses!))} pauses, loop held ${range(list.map((r) => r.typical!))} ms CPU` +
        ` (median), at most ${range(list.map((r) => r.longestCpu!))} ms CPU` +
        ` (${range(list.map((r) => r.longest!))} ms elapsed)`,
    );
  }
  console.log(line.join('; '));
}
