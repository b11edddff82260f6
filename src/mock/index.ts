/**
 * `seatpay/mock`: an in-memory simulator of the whole service (SERVICE.md), served by a real HTTP
 * server on loopback. Its msw handlers (Node and browsers) are in `seatpay/mock/msw`, so that this
 * entry loads without msw, an optional peer.
 *
 * It follows the service's rules (seat limits, owner-only management, allocation per strategy,
 * auto-recharge and its cap, asynchronous subscriptions, chunk assembly), so tests of your own
 * code exercise real behaviour without the real service.
 *
 * @example
 * ```ts
 * import { createClient } from 'seatpay';
 * import { startMockServer } from 'seatpay/mock';
 *
 * const server = await startMockServer({ subscriptionDelayMs: 50 });
 * const client = createClient({ baseUrl: server.url, token: server.simulator.users.owner.token });
 * const plan = await client.plans.get('team-per-seat');
 * await server.close();
 * ```
 *
 * @module seatpay/mock
 */
export {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
  type ConsumeInput,
} from './simulator.js';
export {
  startMockServer,
  type MockServer,
  type MockServerOptions,
} from './adapters/node-server.js';
export { SimulatorError, type ErrorBody } from './core/http-error.js';
export { seededRandom, type RandomSource } from './core/random.js';
export type { FaultSpec } from './core/faults.js';
export type { ConsumeAnswer } from './routes/consume.js';
export { DECLINED_CARD_NUMBER } from './routes/card-and-pay.js';
export type { MockFile } from './state/files.js';
export type { MockOperationType } from './state/media.js';
export { createChunkStore, type MockChunkStore } from './state/chunk-store.js';
export type { CatalogPlan, CatalogServiceItem, CatalogService, PlanSlug } from './state/catalog.js';
export type { Charge, ChargeKind, MockUser } from './state/state.js';
