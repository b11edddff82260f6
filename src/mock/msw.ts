/**
 * `seatpay/mock/msw`: the simulator as msw handlers, for `setupServer` (Node) and `setupWorker`
 * (browsers). Its own entry because msw is an optional peer: `seatpay/mock` and the
 * `seatpay-mock` command must load without it.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createClient } from 'seatpay';
 * import { createSimulator } from 'seatpay/mock';
 * import { mockHandlers } from 'seatpay/mock/msw';
 *
 * const simulator = createSimulator({ subscriptionDelayMs: 50 });
 * setupServer(...mockHandlers(simulator, 'https://api.example.test')).listen();
 * const client = createClient({
 *   baseUrl: 'https://api.example.test',
 *   token: simulator.users.owner.token,
 * });
 * ```
 *
 * @module seatpay/mock/msw
 */
export { mockHandlers } from './adapters/msw.js';
