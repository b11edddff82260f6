import type { Cents } from '../core/money.js';
import { randomHex, type RandomSource } from '../core/random.js';
import type { ServerProfile } from '../core/server-profile.js';
import type { Timers } from '../core/timers.js';
import type { OperationTypeSettings } from './media.js';
import { createCatalog, type CatalogPlan, type PlanSlug } from './catalog.js';
import type { ChunkStore } from './chunk-store.js';

export type { ChunkRecord } from './chunk-store.js';

/** Everything one simulator instance knows. Records use camelCase; the wire shapes are built in serialize*.ts. */

/**
 * A user of the simulator, with the token a client authenticates as.
 *
 * @example
 * ```ts
 * const owner: MockUser = simulator.users.owner;
 * const client = createClient({ baseUrl, token: owner.token });
 * ```
 * @category Simulator
 */
export interface MockUser {
  /** The user's id (what seats and consumables name as `user`). */
  id: number;
  /** The user's email address, lower-cased: what `seats.add` takes to give them a seat. */
  email: string;
  /** The access token to give a client (40 hex characters). */
  token: string;
}

export interface BagRecord {
  id: number;
  userId: number;
  type: 'PREVIEW' | 'BAG';
  planId: number;
  teamSeats: number | null;
  token: string;
  amountPerMonth: Cents;
  amountPerYear: Cents;
  status: 'CHECKING' | 'PAID';
  expiresAt: number;
}

export interface SubscriptionRecord {
  id: number;
  ownerId: number;
  planId: number;
  paidAt: number;
  chosenPeriod: 'MONTH' | 'YEAR';
  teamId: number | null;
}

export interface AutoRecharge {
  enabled: boolean;
  threshold: Cents;
  amount: Cents;
  /** max_period_spend and max_monthly_spend are one setting; null = no cap. */
  cap: Cents | null;
}

export interface TeamRecord {
  id: number;
  subscriptionId: number;
  name: string;
  seatsLimit: number;
  strategy: 'PER_TEAM' | 'PER_SEAT';
  autoRecharge: AutoRecharge;
  /** Changes of the seat limit, oldest first (the deployed server's `seats_log`). */
  seatsLog: { from: number; to: number; at: number }[];
}

export interface SeatRecord {
  id: number;
  teamId: number;
  email: string;
  userId: number | null;
  isActive: boolean;
  multiplier: number;
  isOwner: boolean;
  /** What happened to the seat, oldest first (the deployed server's `seat_log`). */
  log: SeatLogEntry[];
}

/** One line of a seat's history: who held it after the change. */
export interface SeatLogEntry {
  email: string;
  action: 'ADDED' | 'REPLACED';
  at: number;
}

export interface ConsumableRecord {
  id: number;
  service: string;
  /** Units left; -1 = unlimited. */
  howMany: number;
  userId: number | null;
  /** The subscription it comes from; null for units bought alone (the deployed server's checkout). */
  subscriptionId: number | null;
  seatId: number | null;
  teamId: number | null;
}

/**
 * What a charge paid for: paying a bag, a consumable checkout, or an auto-recharge.
 *
 * @example
 * ```ts
 * const kind: ChargeKind = 'auto-recharge';
 * const recharges = simulator.charges.filter((charge) => charge.kind === kind);
 * ```
 * @category Simulator
 */
export type ChargeKind = 'payment' | 'consumable-checkout' | 'auto-recharge';

/**
 * One charge to a card, as `sim.charges` lists it. Count them to prove a payment was never
 * made twice.
 *
 * @example
 * ```ts
 * const payments = simulator.charges.filter((charge: Charge) => charge.kind === 'payment');
 * expect(payments).toHaveLength(1);
 * ```
 * @category Simulator
 */
export interface Charge {
  /** What was paid for. */
  kind: ChargeKind;
  /** The amount charged (decimal string). */
  amount: string;
  /** The id of the user charged: the owner pays for all team consumption. */
  user: number;
  /** The subscription it was for, when there is one. */
  subscription?: number;
  /** The id of the invoice it made. */
  invoice: number;
  /** For a payment: the id of the bag it paid (what `purchase()` resolved with names it too). */
  bag?: number;
  /** The service's slug, for checkouts and recharges. */
  service?: string;
  /** When it was made (an ISO 8601 time). */
  at: string;
}

export interface InvoiceRecord {
  id: number;
  userId: number;
  amount: Cents;
  kind: ChargeKind;
  paidAt: number;
  subscriptionId: number | null;
  teamId: number | null;
  service: string | null;
  howMany: number | null;
  /** The bag a payment paid, which the subscription's invoices name. */
  bagId?: number | null;
}

export interface FileRecord {
  id: number;
  userId: number;
  academy: number | null;
  operationType: string;
  mime: string;
  name: string;
  filename: string;
  meta: Record<string, unknown>;
  status: 'TRANSFERRING' | 'CREATED';
  bytes: Uint8Array;
  /** The deployed server's notification of a processed file (null when there is none). */
  notification: number | null;
}

/** Each kind of record numbers from its own base, so an id passed in the wrong place is caught. */
const ID_BASES = {
  user: 1,
  bag: 7001,
  subscription: 101,
  team: 201,
  seat: 301,
  consumable: 1001,
  invoice: 5001,
  file: 1,
  consumptionSession: 9001,
  notification: 1,
};
export type IdKind = keyof typeof ID_BASES;

export interface StateOptions {
  /** Which server the simulator behaves as. */
  profile: ServerProfile;
  random: RandomSource;
  /** The operation types by name (the built-in ones and the simulator's own). */
  operationTypes: Record<string, OperationTypeSettings>;
  /** Where chunks are kept: shared by the simulators of a restarted server when asked. */
  chunkStore: ChunkStore;
  timers: Timers;
  subscriptionDelayMs: () => number;
  /** How long after a team subscription appears its billing team is built. */
  billingTeamDelayMs: () => number;
  mediaProcessingDelayMs: number;
}

export class SimulatorState {
  readonly catalog: Record<PlanSlug, CatalogPlan> = createCatalog();
  readonly users: MockUser[] = [];
  readonly cards = new Map<number, { last4: string; declines: boolean }>();
  readonly bags: BagRecord[] = [];
  readonly subscriptions: SubscriptionRecord[] = [];
  readonly teams: TeamRecord[] = [];
  readonly seats: SeatRecord[] = [];
  readonly consumables: ConsumableRecord[] = [];
  readonly invoices: InvoiceRecord[] = [];
  readonly charges: Charge[] = [];
  /** Uploaded chunks by `chunkKey()`. */
  readonly chunks: ChunkStore;
  readonly files: FileRecord[] = [];
  readonly #next = { ...ID_BASES };

  constructor(readonly options: StateOptions) {
    this.chunks = options.chunkStore;
  }

  nextId(kind: IdKind): number {
    const id = this.#next[kind];
    this.#next[kind] += 1;
    return id;
  }

  /** Tokens that expired, with when: the deployed server names the time in its 401. */
  readonly expiredTokens = new Map<string, number>();

  /** Expires `user`'s token: the record gets a fresh one, and the old one answers 401. */
  rotateToken(user: MockUser): void {
    this.expiredTokens.set(user.token, this.now());
    user.token = randomHex(this.options.random, 40);
  }

  /**
   * Registers a user with a fresh token, or the `token` given; an e-mail and a token can each be
   * registered once, and a token must fit in an `Authorization` header (visible ASCII, no space).
   */
  register(email: string, token?: string): MockUser {
    const normalized = email.trim().toLowerCase();
    if (this.userByEmail(normalized))
      throw new TypeError(`simulator: ${normalized} is already registered`);
    if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
      throw new TypeError(`simulator: the token of ${normalized} must be visible ASCII, no spaces`);
    if (token !== undefined && this.users.some((user) => user.token === token))
      throw new TypeError(`simulator: the token of ${normalized} is already another user's`);
    const user = {
      id: this.nextId('user'),
      email: normalized,
      token: token ?? randomHex(this.options.random, 40),
    };
    this.users.push(user);
    return user;
  }

  planById(id: number): CatalogPlan | undefined {
    return Object.values(this.catalog).find((plan) => plan.id === id);
  }

  planOf(subscription: SubscriptionRecord): CatalogPlan {
    const plan = this.planById(subscription.planId);
    if (!plan) throw new Error(`simulator: plan ${subscription.planId} vanished`);
    return plan;
  }

  user(id: number): MockUser | undefined {
    return this.users.find((user) => user.id === id);
  }

  userByEmail(email: string): MockUser | undefined {
    return this.users.find((user) => user.email === email.toLowerCase());
  }

  subscription(id: number): SubscriptionRecord | undefined {
    return this.subscriptions.find((subscription) => subscription.id === id);
  }

  team(id: number | null): TeamRecord | undefined {
    return id === null ? undefined : this.teams.find((team) => team.id === id);
  }

  seat(id: number | null): SeatRecord | undefined {
    return id === null ? undefined : this.seats.find((seat) => seat.id === id);
  }

  activeSeats(teamId: number): SeatRecord[] {
    return this.seats.filter((seat) => seat.teamId === teamId && seat.isActive);
  }

  now(): number {
    return Date.now();
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();
