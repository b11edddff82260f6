import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamPurchase } from '../support/team-purchase.js';

// `seatpay seats list` prints one seat per line, its id, email and state between tabs. The email
// is the service's text (any string, as its answers are read): one holding a line break or a tab
// forged a whole seat line, or a column, of a seat the team never had, read by an operator or a
// script that counts the active seats. It is printed on its one line, escaped, as refusals are.

const SEATS = 'GET /v2/payments/subscription/{subscription_id}/billing-team/seat';
const FORGED = '77\tvictim@example.com\tactive';

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seats list and an email with a line break or a tab', () => {
  it('prints each seat on its one line, three columns, the email escaped', async () => {
    const user = server.simulator.addUser({ email: 'seat-list@example.com' });
    const client = createClient({ baseUrl: server.url, token: user.token, logLevel: 'off' });
    const { subscription } = await client.purchase(teamPurchase(5));
    server.simulator.faults.inject({
      route: SEATS,
      kind: 'status',
      status: 200,
      body: [
        { id: 5, user: null, email: `ada@example.com\n${FORGED}`, is_active: false },
        { id: 6, user: null, email: 'bob@example.com\tinactive', is_active: true },
      ],
    });
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
    const ran = await runInProcess(['seats', 'list', String(subscription.id)], env);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      '5\tada@example.com\\u{a}77\\u{9}victim@example.com\\u{9}active\tinactive',
      '6\tbob@example.com\\u{9}inactive\tactive',
    ]);
    for (const line of lines) expect(line.split('\t')).toHaveLength(3);
  });
});
