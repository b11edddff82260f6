// Times `client.consumables.list()` on a big listing against reading the same answer with
// JSON.parse alone, interleaved. Both read the body from the same in-memory fetch, so the
// difference is seatpay's own work: its request path and validation. Prints one JSON line; run
// by bench/validate.ts, not by hand.
import { createClient } from '../dist/index.js';

const [itemsArg, roundsArg] = process.argv.slice(2) as [string, string];
const items = Number(itemsArg);
const rounds = Number(roundsArg);

function consumable(i: number) {
  return {
    id: i + 1,
    how_many: i % 7 === 0 ? -1 : (i % 50) + 1,
    unit_type: 'UNIT',
    user: 1000 + (i % 40),
    subscription_seat: i % 3 === 0 ? null : 500 + (i % 40),
    subscription_billing_team: 77,
    valid_until: i % 5 === 0 ? null : '2027-01-31T00:00:00Z',
  };
}
const list = Array.from({ length: items }, (_, i) => consumable(i));
const shapes = {
  'array (SERVICE.md)': JSON.stringify(list),
  'grouped (deployed server)': JSON.stringify({
    mentorship_service_sets: [],
    cohort_sets: [],
    event_type_sets: [],
    service_sets: Array.from({ length: 10 }, (_, g) => ({
      id: g + 1,
      slug: `service-${g}`,
      balance: { unit: 100 },
      items: list.slice((g * items) / 10, ((g + 1) * items) / 10),
    })),
  }),
};

const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const rows = [];
for (const [shape, text] of Object.entries(shapes)) {
  const answer: typeof fetch = () =>
    Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }));
  const client = createClient({
    baseUrl: 'http://127.0.0.1:9',
    token: 'bench-token',
    fetch: answer,
    logLevel: 'off',
  });
  const parse = async () => JSON.parse(await (await answer('')).text()) as unknown;
  const validate = () => client.consumables.list();
  for (let i = 0; i < 5; i++) {
    await time(parse); // warm-up
    await time(validate);
  }
  const parseMs: number[] = [];
  const validateMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so that neither always runs on a warmer heap.
    const order = round % 2 ? [parse, validate] : [validate, parse];
    for (const work of order) (work === parse ? parseMs : validateMs).push(await time(work));
  }
  rows.push({
    shape,
    bytes: text.length,
    parseMs: median(parseMs),
    validateMs: median(validateMs),
  });
}
console.log(JSON.stringify(rows));
