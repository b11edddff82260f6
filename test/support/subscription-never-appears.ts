import type { MockServer } from '../../src/mock/index.js';

/** The subscription list answers empty until the faults are cleared: a purchase's wait runs out. */
export function subscriptionNeverAppears(server: Pick<MockServer, 'simulator'>): void {
  server.simulator.faults.inject({
    route: 'GET /v1/payments/me/subscription',
    kind: 'status',
    status: 200,
    body: { subscriptions: [] },
    times: Infinity,
  });
}
