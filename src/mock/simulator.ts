import { dispatch } from './core/dispatch.js';
import { Faults, type FaultSpec } from './core/faults.js';
import { userByToken } from './core/auth.js';
import type { RandomSource } from './core/random.js';
import { Router } from './core/router.js';
import { Timers } from './core/timers.js';
import { consumeFor, type ConsumeAnswer } from './routes/consume.js';
import { fileBytes, findFile, serializeFile, type MockFile } from './state/files.js';
import { operationTypesOf, type MockOperationType } from './state/media.js';
import { routeDefinitions } from './routes/table.js';
import { serverProfile } from './core/server-profile.js';
import type { ProfileName } from '../core/routes/profiles.js';
import { chunkStoreOf, type MockChunkStore } from './state/chunk-store.js';
import type { CatalogPlan, PlanSlug } from './state/catalog.js';
import { SimulatorState, type Charge, type MockUser } from './state/state.js';

/**
 * The options of {@link createSimulator} (and of {@link startMockServer}, which passes them on).
 * Short delays keep tests fast; a seeded `random` makes tokens repeatable.
 *
 * @example
 * ```ts
 * const simulator = createSimulator({
 *   subscriptionDelayMs: 50,
 *   mediaProcessingDelayMs: 10,
 *   random: seededRandom(42),
 *   ownerToken: 'owner-token-for-my-env-file',
 * });
 * ```
 * @category Simulator
 */
export interface SimulatorOptions {
  /** How long after paying the subscription appears. Default: random, 10 to 30 seconds (SERVICE.md). */
  subscriptionDelayMs?: number;
  /**
   * How long after a team subscription is listed its billing team is built (until then the listing
   * says `has_billing_team: false` and the billing team answers 404), as on the deployed server.
   * Default: 0 under `'spec'` (built with the subscription), 500 to 2000 ms under `'deployed'`.
   */
  billingTeamDelayMs?: number;
  /** How long a `media` file stays TRANSFERRING before it turns CREATED. Default 1000. */
  mediaProcessingDelayMs?: number;
  /** The source of tokens and default delays; pass `seededRandom(n)` for repeatable runs. */
  random?: RandomSource;
  /**
   * Operation types of this simulator, added to the built-in `media`, `proof-of-payment` and
   * `test-small` (or replacing one of the same name): small chunk sizes let tests upload small
   * files in many chunks.
   */
  operationTypes?: Record<string, MockOperationType>;
  /**
   * Where uploaded chunks are kept until finalized. Pass the same {@link createChunkStore} store
   * to the simulator of a restarted server to keep them across the restart. Default: its own.
   */
  chunkStore?: MockChunkStore;
  /**
   * Which server to behave as: `'spec'` (SERVICE.md, the default) or `'deployed'` (the deployed
   * server: its methods and paths, `Authorization: Token` only, 207 seat answers, required extra
   * fields, `meta` as an object, HTML 404s, bodies over 10 KiB compressed by `startMockServer`).
   */
  profile?: ProfileName;
  /** The owner's token instead of a random one, so a `.env` stays valid across restarts. */
  ownerToken?: string;
  /** The member's token instead of a random one. */
  memberToken?: string;
}

/**
 * A draw of units for {@link Simulator.consume}: who draws (by token), from which service, and
 * how many.
 *
 * @example
 * ```ts
 * const { member } = simulator.users;
 * const input: ConsumeInput = { token: member.token, service: 'ai-credits', units: 3 };
 * simulator.consume(input);
 * ```
 * @category Simulator
 */
export interface ConsumeInput {
  /** The member's token. */
  token: string;
  /** The slug of the service to draw from (`'ai-credits'` ...). */
  service: string;
  /** Default 1. */
  units?: number;
  /** Which subscription to draw from when the member has several. */
  subscription?: number;
}

/**
 * One simulated service: its state (users, plans, subscriptions, teams, seats, consumables,
 * charges, uploads), its rules, and the means to look inside and to inject failures. Serve it
 * with `mockHandlers` (from `seatpay/mock/msw`) or {@link startMockServer}.
 *
 * @example
 * ```ts
 * const simulator = createSimulator({ subscriptionDelayMs: 50 });
 * const client = createClient({ baseUrl, token: simulator.users.owner.token });
 * // ... serve it under baseUrl, run the code under test ...
 * console.log(simulator.charges.map((charge) => `${charge.kind} ${charge.amount}`));
 * simulator.close();
 * ```
 * @category Simulator
 */
export interface Simulator {
  /** The server it behaves as (see {@link SimulatorOptions.profile}). */
  readonly profile: ProfileName;
  /** The users every simulator starts with: the `owner` who buys, a `member` to give a seat. */
  readonly users: {
    /** Buys plans and manages the team. */
    readonly owner: MockUser;
    /** A second user, to hold a seat and consume. */
    readonly member: MockUser;
  };
  /** The plans for sale, by slug: `team-per-seat`, `team-per-team` and `personal`. */
  readonly catalog: Readonly<Record<PlanSlug, CatalogPlan>>;
  /** Every charge made: payments, consumable checkouts and auto-recharges, in order. */
  readonly charges: readonly Charge[];
  /** Injected failures for a route, to test your error handling (see {@link FaultSpec}). */
  readonly faults: {
    /**
     * Makes the next matching request(s) fail.
     *
     * @example
     * ```ts
     * simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'reset-after' });
     * ```
     */
    inject(spec: FaultSpec): void;
    /** Removes every injected failure not used yet. */
    clear(): void;
  };
  /**
   * Registers another user, with a fresh token; an email already registered throws a TypeError.
   *
   * @example
   * ```ts
   * const eve = simulator.addUser({ email: 'eve@example.com' });
   * const eveClient = createClient({ baseUrl, token: eve.token });
   * ```
   */
  addUser(input: { email: string }): MockUser;
  /**
   * A member draws units; throws a {@link SimulatorError} (402, 400, 401) where the route would
   * answer one. Any number of units at once, for tests (the service's own route,
   * `client.consumables.consume`, takes one per call): how a test makes a member use what the
   * team bought, and so triggers auto-recharges.
   *
   * @example
   * ```ts
   * const { balance, recharged } = simulator.consume({
   *   token: simulator.users.member.token,
   *   service: 'ai-credits',
   *   units: 4,
   * });
   * ```
   */
  consume(input: ConsumeInput): ConsumeAnswer;
  /**
   * The assembled bytes of a finalized upload, to check that what arrived is what was sent.
   *
   * @example
   * ```ts
   * const media = await client.media.upload(bytes, {
   *   operation_type: 'test-small',
   *   filename: 'a.bin',
   *   mime: 'application/octet-stream',
   * });
   * simulator.fileBytes(media.id); // equal to bytes
   * ```
   */
  fileBytes(fileId: number): Uint8Array;
  /**
   * A finalized upload as the finalize call answered it, with its current status; undefined for
   * an unknown id.
   *
   * @example
   * ```ts
   * simulator.file(media.id)?.status; // 'TRANSFERRING', then 'CREATED'
   * ```
   */
  file(fileId: number): MockFile | undefined;
  /**
   * Answers one request; a dropped connection comes back as `Response.error()` (`type ===
   * 'error'`). The adapters call it; call it yourself to serve the simulator from another
   * framework. `basePath` is the path of the base URL, stripped before routing.
   *
   * @example
   * ```ts
   * const response = await simulator.handle(
   *   new Request('http://mock.test/v1/payments/plan/personal', {
   *     headers: { authorization: `Bearer ${simulator.users.owner.token}` },
   *   }),
   * );
   * ```
   */
  handle(request: Request, options?: { basePath?: string }): Promise<Response>;
  /**
   * Cancels pending timers (subscriptions not yet created, media processing), so a test run can
   * exit.
   *
   * @example
   * ```ts
   * afterAll(() => simulator.close());
   * ```
   */
  close(): void;
}

/**
 * Creates a fresh simulator with its own state: an owner and a member, the plan catalog, no
 * subscription yet. Serve it with `mockHandlers` from `seatpay/mock/msw`, or with
 * {@link startMockServer} over HTTP.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
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
 * @category Simulator
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const random = options.random ?? Math.random;
  const profile = serverProfile(options.profile);
  const timers = new Timers();
  const state = new SimulatorState({
    profile,
    random,
    operationTypes: operationTypesOf(options.operationTypes),
    chunkStore: chunkStoreOf(options.chunkStore),
    timers,
    subscriptionDelayMs: () =>
      options.subscriptionDelayMs ?? 10_000 + Math.floor(random() * 20_000),
    billingTeamDelayMs: () => options.billingTeamDelayMs ?? profile.billingTeamDelayMs(random),
    mediaProcessingDelayMs: options.mediaProcessingDelayMs ?? 1000,
  });
  const router = new Router(routeDefinitions(profile));
  const env = { state, router, faults: new Faults(router) };
  const users = {
    owner: state.register('owner@example.com', options.ownerToken),
    member: state.register('member@example.com', options.memberToken),
  };
  return {
    profile: profile.name,
    users,
    catalog: state.catalog,
    charges: state.charges,
    addUser: ({ email }) => state.register(email),
    faults: { inject: (spec) => env.faults.inject(spec), clear: () => env.faults.clear() },
    consume: ({ token, ...input }) => consumeFor(state, userByToken(state, token).id, input),
    fileBytes: (fileId) => fileBytes(state, fileId),
    file: (fileId) => {
      const file = findFile(state, fileId);
      return file && serializeFile(state, file);
    },
    handle: (request, handleOptions) => dispatch(env, request, handleOptions?.basePath),
    close: () => timers.clear(),
  };
}
