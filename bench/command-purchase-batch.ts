// `seatpay purchase --csv` at `--concurrency 4` against the same batch at `--concurrency 1` (the
// baseline: before issue 38 every purchase batch ran so, whatever --concurrency said, as a client's
// purchases pay and wait one at a time). Each run is the built command (dist/) in a Node process
// of its own, against one simulator on loopback whose subscriptions appear `--delay` ms after
// paying (the real service takes 10 to 30 s). Rounds alternate the order.
//
//   npm run build && npx tsx bench/command-purchase-batch.ts [--rows 12] [--rounds 2] [--delay 5000]
//
// Prints a markdown table for BENCHMARKS.md: wall time per batch and per row, and the speed-up.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockServer } from '../src/mock/index.js';
import { runNodeScript } from './support.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '2' },
    delay: { type: 'string', default: '5000' },
  },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const DELAY = Number(values.delay);
const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('command.js', dist))) throw new Error('run `npm run build` first');

const COMMAND = `const { main } = await import(${JSON.stringify(new URL('command.js', dist).href)});
process.exitCode = await main(process.argv.slice(2));`;

async function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<number> {
  const { code, stderr, wallMs } = await runNodeScript(script, args, env);
  if (code !== 0) throw new Error(`exit ${code}:\n${stderr}`);
  return wallMs;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1]!;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-purchase-'));
  const mock = await startMockServer({ port: 0, subscriptionDelayMs: DELAY });
  try {
    const token = mock.simulator.users.owner.token;
    const card = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
    await writeFile(join(dir, 'card.json'), JSON.stringify(card));
    await writeFile(join(dir, 'command.mjs'), COMMAND);
    const env = { SEATPAY_BASE_URL: mock.url, SEATPAY_TOKEN: token, SEATPAY_LOG: 'off' };
    const runs: Record<'1' | '4', number[]> = { '1': [], '4': [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['4', '1'] as const) : (['1', '4'] as const);
      for (const concurrency of order) {
        const csv = join(dir, `c${concurrency}-${round}.csv`);
        const rows = Array.from(
          { length: ROWS },
          (_, at) => `c${concurrency}-${round}-${at},team-per-seat,2,MONTH`,
        );
        await writeFile(csv, ['key,plan,seats,period', ...rows].join('\n'));
        const args = [
          'purchase',
          '--csv',
          csv,
          '--journal',
          join(dir, `c${concurrency}-${round}.db`),
        ];
        const extra = [
          '--card-file',
          join(dir, 'card.json'),
          '--concurrency',
          concurrency,
          '--json',
        ];
        runs[concurrency].push(
          await runCommand(join(dir, 'command.mjs'), [...args, ...extra], env),
        );
      }
    }
    const wall = { '1': median(runs['1']), '4': median(runs['4']) };
    console.log(
      `${ROWS} rows, ${ROUNDS} rounds, medians, subscriptions ${DELAY} ms after paying; load ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('| --concurrency | wall (s) | per row (s) |');
    console.log('| --- | --- | --- |');
    for (const concurrency of ['1', '4'] as const)
      console.log(
        `| ${concurrency} | ${(wall[concurrency] / 1000).toFixed(2)} | ${(wall[concurrency] / 1000 / ROWS).toFixed(2)} |`,
      );
    console.log(`\nspeed-up at 4: ${(wall['1'] / wall['4']).toFixed(2)}x`);
  } finally {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
