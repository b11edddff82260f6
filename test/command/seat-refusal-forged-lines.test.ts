import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runInProcess } from './run-in-process.js';
import { teamOwner } from '../support/team-owner.js';

// `seatpay seats add` prints the seats changed, one per line, and each refusal in the service's
// own words. A service whose refusal holds a line break must not forge a line: a "changed" seat
// (id, email, active) that the service never changed, read by an operator or a script.

const PUT_SEATS = 'PUT /v2/payments/subscription/{subscription_id}/billing-team/seat';
const FORGED = '77\tvictim@example.com\tactive';

let server: MockServer;
beforeAll(async () => void (server = await startMockServer({ subscriptionDelayMs: 5 })));
afterAll(() => server.close());

describe('seats add and a refusal with a line break', () => {
  it('prints the refusal on its one line, its line break and tabs escaped', async () => {
    const { owner: user, subscription } = await teamOwner(server, 'seat-refusal@example.com');
    server.simulator.faults.inject({
      route: PUT_SEATS,
      kind: 'status',
      status: 200,
      body: { data: [], errors: [{ message: `seat refused\n${FORGED}` }] },
    });
    const env = { SEATPAY_BASE_URL: server.url, SEATPAY_TOKEN: user.token };
    const ran = await runInProcess(['seats', 'add', String(subscription), 'new@example.com'], env);
    expect(ran.code, ran.stderr).toBe(1);
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toEqual(['refused: seat refused\\u{a}77\\u{9}victim@example.com\\u{9}active']);
  });
});
