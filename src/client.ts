import { InvalidRequestError } from './core/errors/validation-errors.js';
import { HttpCore } from './core/http.js';
import type { ClientOptions } from './core/options.js';
import {
  checkHeaders,
  checkNumberOption,
  MAX_TIMER_MS,
  parseInput,
} from './core/validate-input.js';
import { purchase, type PurchaseOptions, type PurchaseResult } from './helpers/purchase.js';
import { BillingTeams } from './resources/billing-team.js';
import { Card } from './resources/card.js';
import { CheckingResource } from './resources/checking.js';
import { Consumables } from './resources/consumables.js';
import { Media } from './resources/media.js';
import { Pay } from './resources/pay.js';
import { Plans } from './resources/plans.js';
import { Seats } from './resources/seats.js';
import { Subscriptions } from './resources/subscriptions.js';
import { AcademyInputSchema } from './schemas/input-checks.js';

/** The seatpay client: one resource per family of SERVICE.md, all sharing one request path. */
export class SeatpayClient {
  readonly plans: Plans;
  readonly checking: CheckingResource;
  readonly card: Card;
  readonly pay: Pay;
  readonly subscriptions: Subscriptions;
  readonly billingTeam: BillingTeams;
  readonly seats: Seats;
  readonly consumables: Consumables;
  readonly media: Media;

  constructor(options: ClientOptions) {
    checkOptions(options);
    const core = new HttpCore(options);
    this.plans = new Plans(core);
    this.checking = new CheckingResource(core);
    this.card = new Card(core);
    this.pay = new Pay(core);
    this.subscriptions = new Subscriptions(core);
    this.billingTeam = new BillingTeams(core);
    this.seats = new Seats(core);
    this.consumables = new Consumables(core);
    this.media = new Media(core);
  }

  /**
   * Buys a plan end to end and waits for the subscription; never pays twice.
   * @example const { subscription } = await client.purchase({ plan: 'team-per-seat', team_seats: 3, card, chosen_period: 'MONTH' });
   */
  purchase(options: PurchaseOptions): Promise<PurchaseResult> {
    return purchase(this, options);
  }
}

/**
 * Creates a client.
 * @example
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 */
export function createClient(options: ClientOptions): SeatpayClient {
  return new SeatpayClient(options);
}

/** Log levels and validation modes a client accepts. */
const LOG_LEVELS = new Set(['off', 'error', 'warn', 'info', 'debug']);
const VALIDATION_MODES = new Set(['error', 'warn', 'off']);
/** A token or auth scheme as one header value can carry it: visible ASCII, no spaces. */
const HEADER_WORD = /^[\x21-\x7e]+$/;

/**
 * Rejects unusable options at once, before any request: a wrong base URL, token, header, logger
 * or number. Each of these used to surface later as a TypeError or a ConnectionError from fetch
 * (whose message could quote the token), or be silently ignored.
 */
function checkOptions(options: ClientOptions): void {
  if (!options || typeof options !== 'object')
    throw new InvalidRequestError('createClient needs an options object');
  checkBaseUrl(options.baseUrl);
  const { token, authScheme, academy, logger } = options;
  if (!(typeof token === 'function' || (typeof token === 'string' && HEADER_WORD.test(token)))) {
    throw new InvalidRequestError(
      'Invalid token: must be a non-empty string of visible ASCII characters, or a function returning one',
      { field: 'token' },
    );
  }
  if (
    authScheme !== undefined &&
    !(typeof authScheme === 'string' && (authScheme === '' || HEADER_WORD.test(authScheme)))
  ) {
    throw new InvalidRequestError('Invalid authScheme: must be one word, such as "Bearer"', {
      field: 'authScheme',
    });
  }
  if (academy !== undefined) parseInput(AcademyInputSchema, academy, 'academy');
  checkNumberOption('timeout', options.timeout, MAX_TIMER_MS);
  checkNumberOption('maxRetries', options.maxRetries);
  checkNumberOption('maxRetryDelay', options.maxRetryDelay, MAX_TIMER_MS);
  checkNumberOption('retryBaseDelay', options.retryBaseDelay, MAX_TIMER_MS);
  checkHeaders(options.headers, 'headers');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new InvalidRequestError('Invalid fetch: must be a function', { field: 'fetch' });
  }
  if (options.validate !== undefined && !VALIDATION_MODES.has(options.validate)) {
    throw new InvalidRequestError("Invalid validate: must be 'error', 'warn' or 'off'", {
      field: 'validate',
    });
  }
  if (options.logLevel !== undefined && !LOG_LEVELS.has(options.logLevel)) {
    throw new InvalidRequestError(
      "Invalid logLevel: must be 'off', 'error', 'warn', 'info' or 'debug'",
      { field: 'logLevel' },
    );
  }
  const methods = ['error', 'warn', 'info', 'debug'] as const;
  if (
    logger !== undefined &&
    logger !== null &&
    !(typeof logger === 'object' && methods.every((level) => typeof logger[level] === 'function'))
  ) {
    throw new InvalidRequestError('Invalid logger: must have error, warn, info and debug methods', {
      field: 'logger',
    });
  }
}

/** An absolute http(s) URL that paths can be appended to: no credentials, query or fragment. */
function checkBaseUrl(baseUrl: unknown): void {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === 'string' || baseUrl instanceof URL ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidRequestError('Invalid baseUrl: must be an absolute http(s) URL', {
      field: 'baseUrl',
    });
  }
  // Appended paths would land in the query or fragment; fetch refuses URLs with credentials.
  if (url.username || url.password || url.search || url.hash || String(baseUrl).includes('?')) {
    throw new InvalidRequestError('Invalid baseUrl: must have no credentials, query or fragment', {
      field: 'baseUrl',
    });
  }
}
