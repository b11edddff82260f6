// The secret search of a keyed call's records (issue 37), alone: the CPU of redacting what a keyed
// `consumables.checkout` writes (the claim's params, then the outcome's params and answer), with
// the client's secrets as the bench's own client knows them (its token, then a card number and a
// CVC it sent), before and after side by side in one process.
//
//   npx tsx bench/record-redaction.ts --root <another checkout> [--rounds 15] [--calls 20000]
//
// Each checkout's `Secrets` (src/core/secrets/secrets.ts) is bundled with esbuild and imported
// here; the two are measured in interleaved rounds, their order flipping each round, one warm-up
// round thrown away. Every call's answer has a new id and new timestamps, as the service's do;
// the params object is the same in the claim and the outcome, as in a keyed run (whose
// RecordRedaction searches it once). CPU is process.cpuUsage() (user + system) per call.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleForNode } from './support.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '20000' },
  },
});
if (!values.root) throw new Error('give --root <a checkout of the baseline>');
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const here = resolve(new URL('..', import.meta.url).pathname);

interface SecretsLike {
  remember(secrets: readonly string[]): void;
  redact<T>(value: T): T;
}
type SecretsClass = new (pinned: readonly string[]) => SecretsLike;

const dir = await mkdtemp(join(tmpdir(), 'seatpay-record-redaction-'));
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

const token = '324c9e4eabd5832b0267441b28790ef9c71e6d06';
const params = { service: 'ai-credits', how_many: 1, subscription: 101 };
/** The simulator's answer to a checkout, with this call's id and time. */
function answer(call: number) {
  const at = new Date(1_800_000_000_000 + call * 137).toISOString();
  return {
    id: 5000 + call,
    amount: '1.00',
    currency: { code: 'USD', name: 'US Dollar' },
    status: 'FULFILLED',
    paid_at: at,
    created_at: at,
    invoice_kind: 'GENERAL',
    invoice_notes: null,
    user: { id: 3, email: 'bench@example.com', first_name: '', last_name: '' },
    amount_breakdown: {
      plans: {},
      'service-items': {
        'ai-credits': { amount: '1.00', currency: 'USD', 'how-many': 1, 'unit-type': 'UNIT' },
      },
    },
    coupons: [],
  };
}

/** µs of CPU per keyed call's records. */
function block(secrets: SecretsLike, from: number): number {
  const start = process.cpuUsage();
  for (let call = from; call < from + calls; call++) {
    secrets.redact(params);
    secrets.redact(answer(call));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

const names = Object.keys(subjects) as (keyof typeof subjects)[];
const instances = Object.fromEntries(
  names.map((name) => {
    const secrets = new subjects[name]([token]);
    secrets.remember(['4242424242424242', '123']);
    return [name, secrets];
  }),
) as Record<keyof typeof subjects, SecretsLike>;
const results = new Map(names.map((name) => [name, [] as number[]]));
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 ? [...names].reverse() : names;
  for (const name of order) {
    const us = block(instances[name], round * calls);
    if (round > 0) results.get(name)!.push(us);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds of ${calls} calls`);
for (const name of names) {
  const list = results.get(name)!;
  console.log(
    `${name.padEnd(7)} ${median(list).toFixed(2)} µs per keyed call's records` +
      ` [${Math.min(...list).toFixed(2)}-${Math.max(...list).toFixed(2)}]`,
  );
}
const ratios = results.get('after')!.map((after, i) => after / results.get('before')![i]!);
console.log(
  `after/before, round by round: ${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}]`,
);
