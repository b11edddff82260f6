import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MockServer } from '../../../src/mock/index.js';
import { teamOwner } from '../../support/team-owner.js';

const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';

/** How the command is run: in this process or as the bin. */
export type RunCommand = (
  args: string[],
  env: Record<string, string>,
) => Promise<{ code: number | null; stdout: string; stderr: string }>;

/**
 * `seats add --csv` (its file written in `dir`) of seats named `card <card>` for each of `cards`,
 * refused by `server` with a message echoing the names and `others`: the run's code and everything
 * it printed.
 */
export async function refusedEchoing(
  server: MockServer,
  dir: string,
  email: string,
  cards: readonly string[],
  others: readonly string[],
  run: RunCommand,
) {
  const { owner: user, subscription } = await teamOwner(server, email);
  const names = cards.map((card) => `card ${card}`);
  const csv = ['email,first_name', ...names.map((name, at) => `n${at}@example.com,${name}`)];
  const file = join(dir, `${email}.csv`);
  await writeFile(file, `${csv.join('\n')}\n`);
  const echoed = [...names, ...others].join('; ');
  server.simulator.faults.inject({
    route: PUT_SEATS,
    kind: 'status',
    status: 200,
    body: { data: [], errors: [{ message: `names refused: ${echoed}` }] },
  });
  const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
  const ran = await run(['seats', 'add', String(subscription), '--csv', file], env);
  return { code: ran.code, stderr: ran.stderr, printed: ran.stdout + ran.stderr };
}
