import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { runPurchaseFlow } from '../../examples/purchase-flow.js';

// The demo's main job (examples/purchase-flow.ts), checked step by step against the simulator.
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, subscriptionDelayMs: 30, mediaProcessingDelayMs: 10 });
});
afterAll(() => server.close());

describe('the purchase-flow example', () => {
  it('buys, manages seats, recharges and uploads, with readable lines', async () => {
    const lines: string[] = [];
    const { owner, member } = server.simulator.users;
    const summary = await runPurchaseFlow({
      baseUrl: server.url,
      ownerToken: owner.token,
      memberToken: member.token,
      memberEmail: member.email,
      print: (line) => lines.push(line),
    });
    expect(summary.recharges).toBe(1);
    expect(summary.seats).toBe(2);
    expect(summary.spent).toBe('10'); // current_period_spend is a JSON number in the read shape
    expect(server.simulator.charges.map((charge) => charge.kind)).toEqual([
      'payment',
      'auto-recharge',
    ]);
    const file = server.simulator.fileBytes(summary.fileId);
    expect(file).toEqual(new Uint8Array(2_500).map((_, i) => i % 251));
    expect(lines.filter((line) => /^\d\. /.test(line)).map((line) => line.slice(0, 2))).toEqual([
      '1.',
      '2.',
      '3.',
      '4.',
      '5.',
      '6.',
      '7.',
      '8.',
    ]);
  });
});
