// The measuring half of bench/keyed-cost.ts, bundled from the checkout being measured:
//   node keyed-cost-child.mjs <rounds> <calls> <dir>
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { StatementSync } from 'node:sqlite';
import { createClient, memoryJournal } from '../src/index.js';
import { createSimulator } from '../src/mock/index.js';
import { fileJournal } from '../src/node.js';

const [rounds = 10, calls = 40] = process.argv.slice(2, 4).map(Number);
const dir = process.argv[4]!;

const simulator = createSimulator();
const owner = simulator.addUser({ email: 'bench@example.com' });
const client = createClient({
  baseUrl: 'http://simulator.test',
  token: owner.token,
  logLevel: 'off',
  fetch: (input, init) => simulator.handle(new Request(input, init)),
});
const bought = await client.purchase({
  plan: 'team-per-team',
  team_seats: 2,
  card: { card_number: '4242424242424242', cvc: '123' },
  chosen_period: 'MONTH',
  pollInterval: 1,
});
const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };

const memory = memoryJournal();
const file = fileJournal(join(dir, 'journal.db'));
const identityJournal = memoryJournal();
let next = 0;
const key = () => `bench-${process.pid}-${next++}`;

const subjects: Record<string, () => Promise<unknown>> = {
  plain: () => client.consumables.checkout(order),
  memoryJournal: () => client.consumables.checkout({ ...order, key: key(), journal: memory }),
  fileJournal: () => client.consumables.checkout({ ...order, key: key(), journal: file }),
  identity: () =>
    client.consumables.checkout({
      ...order,
      key: key(),
      journal: identityJournal,
      identity: 'user-4711',
    }),
};
const names = Object.keys(subjects);

/**
 * How long one call holds the event loop in SQLite: node:sqlite runs its statements (fsync
 * included) synchronously, so each statement's time is time the process answers nothing else.
 * Summed per fileJournal call; every statement of any journal counts.
 */
let inSqlite = 0;
for (const method of ['run', 'get', 'all'] as const) {
  const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
  Object.defineProperty(StatementSync.prototype, method, {
    value(this: StatementSync, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        inSqlite += performance.now() - started;
      }
    },
  });
}
const heldPerCall: number[] = [];
/** Per subject, per round: user and system CPU ms per call (fsync and other syscalls are system). */
const split = new Map<string, Array<[number, number]>>(names.map((name) => [name, []]));

/** CPU ms per call of `calls` calls in a row. */
async function block(name: string): Promise<number> {
  const run = subjects[name]!;
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    inSqlite = 0;
    await run();
    if (name === 'fileJournal') heldPerCall.push(inSqlite);
  }
  const used = process.cpuUsage(start);
  split.get(name)!.push([used.user / 1000 / calls, used.system / 1000 / calls]);
  return (used.user + used.system) / 1000 / calls;
}

const perCall = new Map<string, number[]>(names.map((name) => [name, []]));
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  const times = new Map<string, number>();
  for (const name of order) times.set(name, await block(name));
  if (round === 0) {
    heldPerCall.length = 0;
    for (const rounds of split.values()) rounds.length = 0;
    continue; // warm-up
  }
  for (const name of names) perCall.get(name)!.push(times.get(name)!);
}
file.close();

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const span = (list: number[], digits: number) =>
  `${median(list).toFixed(digits)} [${Math.min(...list).toFixed(digits)}-${Math.max(...list).toFixed(digits)}]`;
const plain = perCall.get('plain')!;
console.log(
  `keyed checkout cost: ${rounds} rounds x ${calls} calls, node ${process.version}, load ${loadavg()[0]!.toFixed(1)}`,
);
console.log('| subject | CPU ms per call, median [min-max] | x plain, median [min-max] |');
console.log('| ------- | --------------------------------- | ------------------------- |');
for (const name of names) {
  const times = perCall.get(name)!;
  const ratios = times.map((time, round) => time / plain[round]!);
  console.log(`| ${name} | ${span(times, 2)} | ${span(ratios, 2)} |`);
}
const sorted = heldPerCall.sort((a, b) => a - b);
const at = (share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
console.log(
  `fileJournal: event loop held in SQLite per keyed call, ms: median ${at(0.5).toFixed(2)}, p90 ${at(0.9).toFixed(2)}, p99 ${at(0.99).toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)} (${sorted.length} calls)`,
);
console.log(
  `user + system CPU ms per call, medians: ${names
    .map((name) => {
      const rounds = split.get(name)!;
      return `${name} ${median(rounds.map(([user]) => user)).toFixed(2)} + ${median(rounds.map(([, system]) => system)).toFixed(2)}`;
    })
    .join(', ')}`,
);
