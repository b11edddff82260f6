// The answer's plain check alone (src/core/validate/plain-check.ts), this checkout's beside another's
// (`--before <checkout>`, say main in a worktree): median CPU per check of a checking preview, a
// plan and a 1,000-row consumables listing, 200 parsed copies each, rounds interleaved, the order
// flipping every round, three warm-up rounds thrown away.
//
//   npx tsx bench/plain-check-speed.ts --before <other checkout> [--rounds 15]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BODIES } from './per-call-bodies.js';

const { values } = parseArgs({
  options: { before: { type: 'string' }, rounds: { type: 'string', default: '15' } },
});
const here = resolve(new URL('..', import.meta.url).pathname);
type Side = { of: (schema: unknown) => ((value: unknown) => boolean) | undefined; schemas: never };
const sideOf = async (root: string): Promise<Side> => ({
  of: ((await import(`${root}/src/core/validate/plain-check.ts`)) as { plainCheckOf: Side['of'] })
    .plainCheckOf,
  schemas: (await import(`${root}/src/schemas/index.ts`)) as never,
});
const sides: Record<string, Side> = { after: await sideOf(here) };
if (values.before) sides.before = await sideOf(resolve(values.before));

const row = (id: number) => ({
  id,
  how_many: 1,
  user: null,
  service_item: { id: 3, how_many: 2, service: { slug: 'x', title: 'y' } },
});
const cases = [
  ['checking preview', 'CheckingSchema', BODIES['/v1/payments/checking']!, 100_000],
  ['plan', 'PlanSchema', BODIES['/v1/payments/plan/team-per-seat']!, 100_000],
  [
    '1,000 consumables',
    'ConsumableListSchema',
    JSON.stringify(Array.from({ length: 1000 }, (_, i) => row(i))),
    200,
  ],
] as const;
const ns: Record<string, number[]> = {};
for (let round = 0; round < Number(values.rounds) + 3; round++)
  for (const [label, name, text, n] of cases) {
    const copies = Array.from({ length: 200 }, () => JSON.parse(text) as unknown);
    const names = Object.keys(sides);
    for (const side of round % 2 ? names.reverse() : names) {
      const check = sides[side]!.of((sides[side]!.schemas as Record<string, unknown>)[name])!;
      const start = process.cpuUsage();
      for (let i = 0; i < n; i++) if (!check(copies[i % 200])) throw new Error(`${label}: refused`);
      const used = process.cpuUsage(start);
      if (round >= 3) (ns[`${label}, ${side}`] ??= []).push(((used.user + used.system) * 1000) / n);
    }
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log('| answer | ' + Object.keys(sides).join(' | ') + ' |');
for (const [label] of cases)
  console.log(
    `| ${label} | ${Object.keys(sides)
      .map((side) => `${median(ns[`${label}, ${side}`]!).toFixed(0)} ns`)
      .join(' | ')} |`,
  );
