// The `seatpay` command's own cost per row: a 1,000-row `seatpay checkout --csv` batch against
// the simulator, against the library doing the same in a loop (the same keyed checkouts, the same
// file journal, 4 at a time, a JSON line per row on stdout), each in a Node process of its own
// running the build (dist/), against one simulator on loopback. Rounds alternate the order.
//
//   npm run build && npx tsx bench/command-batch.ts [--rows 1000] [--rounds 3]
//
// Prints a markdown table for BENCHMARKS.md: wall time and the child's CPU time, per batch and
// per row, and the command's overhead per row (command - library).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '../src/index.js';
import { startMockServer } from '../src/mock/index.js';
import { runNodeScript } from './support.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('command.js', dist))) throw new Error('run `npm run build` first');

/** Both children report their own CPU time on their last stderr line. */
const REPORT_CPU = `process.on('exit', () => process.stderr.write('\\ncpu ' + JSON.stringify(process.cpuUsage()) + '\\n'));`;

const COMMAND = `${REPORT_CPU}
const { main } = await import(${JSON.stringify(new URL('command.js', dist).href)});
process.exitCode = await main(process.argv.slice(2));`;

// The loop a user would write without the command: parse the CSV, 4 workers, a line per row.
const LIBRARY = `${REPORT_CPU}
import { readFileSync } from 'node:fs';
const { createClient } = await import(${JSON.stringify(new URL('index.js', dist).href)});
const { fileJournal } = await import(${JSON.stringify(new URL('node.js', dist).href)});
const [csv, path] = process.argv.slice(2);
const rows = readFileSync(csv, 'utf8').trim().split('\\n').slice(1).map((line) => line.split(','));
const client = createClient();
const journal = fileJournal(path);
let next = 0;
const worker = async () => {
  while (next < rows.length) {
    const [key, service, how_many, subscription] = rows[next++];
    const result = await client.consumables.checkout({ service, how_many: Number(how_many), subscription: Number(subscription), key, journal });
    process.stdout.write(JSON.stringify({ key, status: 'done', result }) + '\\n');
  }
};
await Promise.all([worker(), worker(), worker(), worker()]);`;

interface Run {
  wallMs: number;
  cpuMs: number;
}

async function runChild(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const { code, stderr, wallMs } = await runNodeScript(script, args, env);
  const cpu = /cpu (\{.*\})/.exec(stderr)?.[1];
  if (code !== 0 || !cpu) throw new Error(`exit ${code}:\n${stderr}`);
  const { user, system } = JSON.parse(cpu) as { user: number; system: number };
  return { wallMs, cpuMs: (user + system) / 1000 };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1]!;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'seatpay-bench-command-'));
  const mock = await startMockServer({ port: 0, subscriptionDelayMs: 0 });
  try {
    const token = mock.simulator.users.owner.token;
    const client = createClient({ baseUrl: mock.url, token, logLevel: 'off' });
    const card = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
    const bought = await client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      chosen_period: 'MONTH',
      card,
      pollInterval: 10,
    });
    const id = bought.subscription.id;
    await writeFile(join(dir, 'command.mjs'), COMMAND);
    await writeFile(join(dir, 'library.mjs'), LIBRARY);
    const env = { SEATPAY_BASE_URL: mock.url, SEATPAY_TOKEN: token, SEATPAY_LOG: 'off' };
    const runs = { command: [] as Run[], library: [] as Run[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order =
        round % 2 ? (['library', 'command'] as const) : (['command', 'library'] as const);
      for (const subject of order) {
        const csv = join(dir, `${subject}-${round}.csv`);
        const rows = Array.from(
          { length: ROWS },
          (_, at) => `${subject}-${round}-${at},ai-credits,1,${id}`,
        );
        await writeFile(csv, ['key,service,how_many,subscription', ...rows].join('\n'));
        const journal = join(dir, `${subject}-${round}.json`);
        const args =
          subject === 'command'
            ? ['checkout', '--csv', csv, '--journal', journal, '--concurrency', '4', '--json']
            : [csv, journal];
        runs[subject].push(await runChild(join(dir, `${subject}.mjs`), args, env));
      }
    }
    report(runs);
  } finally {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function report(runs: Record<'command' | 'library', Run[]>) {
  const wall = {
    command: median(runs.command.map((run) => run.wallMs)),
    library: median(runs.library.map((run) => run.wallMs)),
  };
  const cpu = {
    command: median(runs.command.map((run) => run.cpuMs)),
    library: median(runs.library.map((run) => run.cpuMs)),
  };
  const perRow = (ms: number) => ((ms / ROWS) * 1000).toFixed(0);
  console.log(
    `${ROWS} rows, ${ROUNDS} rounds, medians; load ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| subject | wall (s) | wall per row (µs) | child CPU (s) | CPU per row (µs) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const subject of ['library', 'command'] as const)
    console.log(
      `| ${subject} | ${(wall[subject] / 1000).toFixed(2)} | ${perRow(wall[subject])} | ${(cpu[subject] / 1000).toFixed(2)} | ${perRow(cpu[subject])} |`,
    );
  console.log(
    `\ncommand overhead per row: wall ${perRow(wall.command - wall.library)} µs, CPU ${perRow(cpu.command - cpu.library)} µs (${(wall.command / wall.library).toFixed(2)}x wall)`,
  );
}

await main();
