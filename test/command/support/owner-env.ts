import type { MockServer } from '../../../src/mock/index.js';

/**
 * The environment `seatpay` runs with as the owner of `server` (test/support/mock-server.ts),
 * logs off, with `extra` (a card, say) added: what every command test against it sets.
 */
export function ownerEnv(
  server: MockServer,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    SEATPAY_BASE_URL: server.url,
    SEATPAY_TOKEN: server.simulator.users.owner.token,
    SEATPAY_LOG: 'off',
    ...extra,
  };
}
