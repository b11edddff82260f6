import type { MockServer } from '../../src/mock/index.js';
import { GOOD_CARD } from '../support/team-purchase.js';

/**
 * The command's environment for `server`, whose subscription list answers empty until its faults
 * are cleared: a purchase pays, then its --wait-timeout runs out whatever the machine's pace.
 */
export function paidButNeverListed(server: MockServer): Record<string, string> {
  server.simulator.faults.inject({
    route: 'GET /v1/payments/me/subscription',
    kind: 'status',
    status: 200,
    body: { subscriptions: [] },
    times: Infinity,
  });
  return {
    SEATPAY_BASE_URL: server.url,
    SEATPAY_TOKEN: server.simulator.users.owner.token,
    SEATPAY_CARD: JSON.stringify(GOOD_CARD),
    SEATPAY_LOG: 'off',
  };
}
