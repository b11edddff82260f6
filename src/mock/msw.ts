/**
 * `seatpay/mock/msw`: the simulator as msw handlers, for `setupServer` (Node) and `setupWorker`
 * (browsers). Its own entry because msw is an optional peer: `seatpay/mock` and the
 * `seatpay-mock` command must load without it.
 */
export { mockHandlers } from './adapters/msw.js';
