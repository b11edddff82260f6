import { createCore } from './core/setup/create-core.js';
import { InvalidRequestError } from './core/errors/validation-errors.js';
import type { HttpCore } from './core/request.js';
import { printAs } from './core/secrets/printed.js';
import { LazyModule, loadEveryModule } from './core/lazy-module.js';
import type { ClientOptions } from './core/setup/options.js';
import type { PurchaseOptions, PurchaseResult } from './helpers/purchase.js';
import { purchasesOf, shareJournal, sharePurchases } from './helpers/purchase/client-purchases.js';
import { BillingTeamResource } from './resources/billing-team.js';
import { CardResource } from './resources/card.js';
import { CheckingResource } from './resources/checking.js';
import { ConsumablesResource } from './resources/consumables.js';
import { MediaResource } from './resources/media.js';
import { PayResource } from './resources/pay.js';
import {
  clientKeyOptionError,
  keylessError,
  misplacedKeyError,
  nameGiven,
} from './resources/misplaced-key.js';
import { refusedLater } from './resources/money-chunk.js';
import { isSignal } from './signal-like.js';
import { PlansResource } from './resources/plans.js';
import { SeatsResource } from './resources/seats.js';
import { SubscriptionsResource } from './resources/subscriptions.js';
import { ClientJournal } from './journals/client-journal.js';
import { unreadableArguments } from './unreadable-arguments.js';

// The purchase flow, loaded on first use in a chunk of its own (client.preload() loads it ahead).
const purchaseModule = /* @__PURE__ */ new LazyModule(() => import('./helpers/purchase.js'));

/**
 * The seatpay client: one resource per family of SERVICE.md, all sharing one request path (auth,
 * timeouts, retries, validation, typed errors). Made by {@link createClient}.
 *
 * A client never shows its token: printed (`console.log`, `util.inspect`) or serialized
 * (`JSON.stringify`) it shows its base URL and profile only, and `structuredClone` copies none of
 * its options (they are `#private`); the same holds for its resources and its core.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 * const subscriptions = await client.subscriptions.list();
 * ```
 * @category Client
 */
export class SeatpayClient {
  /** The plans for sale: `get(slug)`. */
  readonly plans: PlansResource;
  /** Priced previews and bags of plans before paying. */
  readonly checking: CheckingResource;
  /** The card used to pay. */
  readonly card: CardResource;
  /** Paying a bag: never re-sent once it may have been processed. */
  readonly pay: PayResource;
  /** The caller's subscriptions, and `waitFor` the one a payment creates. */
  readonly subscriptions: SubscriptionsResource;
  /** A subscription's billing team: seat limit, auto-recharge and spending. */
  readonly billingTeam: BillingTeamResource;
  /** The billing team's seats: list, add, replace, remove (owner only). */
  readonly seats: SeatsResource;
  /** The consumables held, and buying more. */
  readonly consumables: ConsumablesResource;
  /** Operation types, chunks, finalize, and the chunked `upload`. */
  readonly media: MediaResource;
  /** A journal's keys: list, reconcile and settle unknown outcomes, prune. */
  readonly journal: ClientJournal;

  readonly #options: ClientOptions;
  readonly #core: HttpCore;

  constructor(options: ClientOptions = {}) {
    const core = createCore(options);
    const misplaced = clientKeyOptionError(options);
    if (misplaced) throw misplaced;
    this.#options = options;
    this.#core = core;
    printAs(this, 'SeatpayClient', () => core.describe());
    this.plans = new PlansResource(core);
    this.checking = new CheckingResource(core);
    this.card = new CardResource(core);
    this.pay = new PayResource(core);
    this.subscriptions = new SubscriptionsResource(core);
    this.billingTeam = new BillingTeamResource(core);
    this.seats = new SeatsResource(core);
    this.consumables = new ConsumablesResource(core);
    // Keys given without a journal: one in memory for this client and its `withOptions` clients.
    shareJournal(this.consumables, this);
    this.media = new MediaResource(core);
    this.journal = new ClientJournal(core, () => purchasesOf(this));
  }

  /** `JSON.stringify(client)`: its base URL and profile only. @internal */
  toJSON(): { baseUrl: string; profile: string } {
    return this.#core.describe();
  }

  /**
   * Loads, now, what loads on its first use: the purchase, upload, polling, keyed checkout and
   * journal helpers, and the observer of a client that traces. The request path and every
   * family's schemas come with the page, so no plain call waits for code; `preload()` in idle time
   * (or before a test takes over the clock) means no helper waits for its chunk either. Rejects
   * with a `ConnectionError` when a part could not be loaded (a page offline); a later use or
   * `preload()` tries again.
   *
   * @example
   * ```ts
   * const client = createClient({ baseUrl: 'https://api.example.com', token });
   * await client.preload(); // a purchase or an upload below starts at once
   * const { subscription } = await client.purchase({ plan: 'team-per-seat', team_seats: 3, card });
   * ```
   */
  preload(): Promise<void> {
    return loadEveryModule();
  }

  /**
   * A new client with `changes` applied to this one's options (checked as {@link createClient}
   * checks them), this client left as it is. An option given replaces the old value whole:
   * `headers: {...}` replaces the extra headers, it does not add to them. The new client shares
   * this one's money state: the default journal of keyed purchases and checkouts, the queue that
   * runs purchases one at a time, and the subscriptions they were given.
   *
   * @example
   * ```ts
   * const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
   * const traced = client.withOptions({ headers: { 'x-trace-id': traceId } });
   * await patient.media.upload(file, { operation_type: 'media' });
   * ```
   */
  withOptions(changes: Partial<ClientOptions>): SeatpayClient {
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
      throw new InvalidRequestError('Invalid withOptions argument: must be an object of options', {
        field: 'options',
      });
    }
    // A signal as the changes has no field a spread keeps: refused here, as one named `signal` is.
    if (isSignal(changes)) throw clientKeyOptionError(changes)!;
    const derived = new SeatpayClient({ ...this.#options, ...changes });
    // A key re-run on a derived client must find what this client recorded: never pay twice.
    sharePurchases(this, derived);
    return derived;
  }

  /**
   * Buys a plan end to end and waits for the subscription; never pays twice.
   *
   * @example
   * ```ts
   * const { subscription } = await client.purchase({
   *   plan: 'team-per-seat',
   *   team_seats: 3,
   *   card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
   *   chosen_period: 'MONTH',
   * });
   * ```
   */
  purchase(options: PurchaseOptions): Promise<PurchaseResult> {
    // A second argument from JavaScript was read by nothing: a key recorded in memory (a re-run
    // after a restart paid again, redteam31), a `timeout` that bounded nothing. Anything else it
    // names is refused with the flow's chunk's message, before the call starts (size16).
    // eslint-disable-next-line prefer-rest-params -- no second parameter in the public signature
    const after = [...arguments].slice(1);
    try {
      // A third as the second (`purchase(order, undefined, signal)`: an abort stopped no payment).
      return this.#purchase(
        options,
        after.find((given) => nameGiven(given) !== undefined),
      );
    } catch (thrown) {
      // A getter of the order's threw as the call read it: refused, nothing sent or recorded.
      return Promise.reject(this.#core.scrub(unreadableArguments(thrown)));
    }
  }

  #purchase(options: PurchaseOptions, second: unknown): Promise<PurchaseResult> {
    const core = this.#core;
    const loan = core.keyLoan(undefined);
    // Hidden from the call's start: a signal fired already rejects before the flow loads, and its
    // reason may quote the card (review13b); so may what a getter of the order's throws as it is
    // read here (its `key`: review19a).
    loan.secrets.remember([options?.card?.card_number, options?.card?.cvc] as string[]);
    const named = nameGiven(second);
    const misplaced =
      named === undefined ? keylessError(options) : misplacedKeyError(second, 'purchase');
    if (misplaced) return refusedLater(misplaced, options);
    if (named !== undefined) {
      // Its words wait for the flow's chunk as long as the call's signal lets it (review18a); once
      // it is loaded, the refusal comes first, as money-chunk.ts' do.
      const wait = purchaseModule.loaded ? {} : { signal: options?.signal };
      return purchaseModule.load(wait).then(({ secondArgumentError }) => {
        throw secondArgumentError(second, named);
      });
    }
    // Loaded on first use, in a chunk of its own: a page that never buys does not ship the flow.
    // Steps after the card carry answers that may echo it (a payment): hidden in any error too.
    // Its journal records too (a payment's answer may echo the card, a record may go to disk),
    // each naming who made it (src/keys/key-scope.ts). Traced, it is one span around its attempts.
    return core
      .observe(
        'seatpay.purchase',
        (notes) =>
          purchaseModule
            .load({ signal: options?.signal })
            .then(({ purchase }) => purchase(this, options, loan, notes, core.routes.registerCard)),
        { signal: options?.signal },
      )
      .catch((error: unknown) => {
        throw this.#core.scrub(error);
      });
  }
}

/**
 * Creates a client.
 * @example
 * const client = createClient({ baseUrl: 'https://api.example.com', token: process.env.SEATPAY_TOKEN! });
 * @category Client
 */
export function createClient(options?: ClientOptions): SeatpayClient {
  return new SeatpayClient(options);
}
