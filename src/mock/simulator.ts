import { dispatch } from './core/dispatch.js';
import { Faults, type FaultSpec } from './core/faults.js';
import { userByToken } from './core/auth.js';
import type { RandomSource } from './core/random.js';
import { Router } from './core/router.js';
import { Timers } from './core/timers.js';
import { consumeFor, type ConsumeAnswer } from './routes/consume.js';
import { fileBytes, findFile, serializeFile, type MockFile } from './routes/media-finalize.js';
import { ROUTES } from './routes/table.js';
import type { CatalogPlan, PlanSlug } from './state/catalog.js';
import { SimulatorState, type Charge, type MockUser } from './state/state.js';

export interface SimulatorOptions {
  /** How long after paying the subscription appears. Default: random, 10 to 30 seconds (SERVICE.md). */
  subscriptionDelayMs?: number;
  /** How long a `media` file stays TRANSFERRING before it turns CREATED. Default 1000. */
  mediaProcessingDelayMs?: number;
  /** The source of tokens and default delays; pass `seededRandom(n)` for repeatable runs. */
  random?: RandomSource;
}

export interface ConsumeInput {
  /** The member's token. */
  token: string;
  service: string;
  /** Default 1. */
  units?: number;
  /** Which subscription to draw from when the member has several. */
  subscription?: number;
}

export interface Simulator {
  readonly users: { readonly owner: MockUser; readonly member: MockUser };
  readonly catalog: Readonly<Record<PlanSlug, CatalogPlan>>;
  /** Every charge made: payments, consumable checkouts and auto-recharges, in order. */
  readonly charges: readonly Charge[];
  readonly faults: { inject(spec: FaultSpec): void; clear(): void };
  addUser(input: { email: string }): MockUser;
  /** A member draws units; throws a {@link SimulatorError} (402, 400, 401) where the route would answer one. */
  consume(input: ConsumeInput): ConsumeAnswer;
  /** The assembled bytes of a finalized upload. */
  fileBytes(fileId: number): Uint8Array;
  /** A finalized upload as the finalize call answered it, with its current status. */
  file(fileId: number): MockFile | undefined;
  /** Answers one request; a dropped connection comes back as `Response.error()` (`type === 'error'`). */
  handle(request: Request, options?: { basePath?: string }): Promise<Response>;
  /** Cancels pending timers (subscriptions not yet created, media processing). */
  close(): void;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const random = options.random ?? Math.random;
  const timers = new Timers();
  const state = new SimulatorState({
    random,
    timers,
    subscriptionDelayMs: () =>
      options.subscriptionDelayMs ?? 10_000 + Math.floor(random() * 20_000),
    mediaProcessingDelayMs: options.mediaProcessingDelayMs ?? 1000,
  });
  const env = { state, router: new Router(ROUTES), faults: new Faults() };
  const users = {
    owner: state.register('owner@example.com'),
    member: state.register('member@example.com'),
  };
  return {
    users,
    catalog: state.catalog,
    charges: state.charges,
    addUser: ({ email }) => state.register(email),
    faults: { inject: (spec) => env.faults.inject(spec), clear: () => env.faults.clear() },
    consume: ({ token, ...input }) => consumeFor(state, userByToken(state, token).id, input),
    fileBytes: (fileId) => fileBytes(state, fileId),
    file: (fileId) => {
      const file = findFile(state, fileId);
      return file && serializeFile(file);
    },
    handle: (request, handleOptions) => dispatch(env, request, handleOptions?.basePath),
    close: () => timers.clear(),
  };
}
