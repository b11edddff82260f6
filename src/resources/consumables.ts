import { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import type { RequestOptions } from '../core/setup/options.js';
import { checkRequestOptions, parseInput } from '../core/prepare/validate-input.js';
import { refuseMissingFields } from '../core/prepare/route-body.js';
import { flattenConsumables } from '../helpers/flatten-consumables.js';
import {
  keylessError,
  misplacedKeyError,
  orderFieldError,
  unkeyedPayError,
} from './misplaced-key.js';
import { keyedCheckoutModule } from './money-chunk.js';
import { moneyCall, readAsFields } from './money-call.js';
import { nestedOptionsRefusal } from './nested-request-options.js';
import { misspeltOrderField } from './misspelt-order-field.js';
import type { PurchaseJournal } from '../journals/journal.js';
import { sharedJournalOf, type JournalHolder } from '../helpers/purchase/client-purchases.js';
import type {
  CheckoutParams,
  CheckoutResult,
  Consumable,
  ConsumableList,
} from '../schemas/consumables.js';
import type { ConsumptionSession } from '../schemas/consumption.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import {
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ConsumableListSchema,
  ConsumptionSessionSchema,
  NonEmptyStringSchema,
} from './checks/consumables.js';

/**
 * What the caller may consume, and buying more. Reached as `client.consumables`.
 *
 * @example
 * ```ts
 * const items = await client.consumables.items();
 * await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: sub.id });
 * ```
 * @category Resources
 */
export class ConsumablesResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const consumables = new ConsumablesResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   *
   * @param defaultJournal - The journal of a checkout given a `key` and no `journal`; by default
   *   one in memory for this resource (a client passes the one its purchases share).
   */
  constructor(core: HttpCore, defaultJournal?: () => PurchaseJournal) {
    this.#core = core;
    this.#defaultJournal = defaultJournal;
  }

  readonly #defaultJournal: (() => PurchaseJournal) | undefined;
  /** This resource's in-memory journal when it shares none, made by the first keyed checkout. */
  readonly #ownJournal: JournalHolder = {};

  /**
   * The listing as the service shapes it (a plain array, `{ consumables }`, or groups of
   * resources); {@link ConsumablesResource.items | items} flattens any of them.
   *
   * @example
   * ```ts
   * const listing = await client.consumables.list();
   * ```
   */
  list(options?: RequestOptions): APIPromise<ConsumableList> {
    return this.#core.request(
      null,
      () => ({
        route: this.#core.routes.listConsumables,
        response: ConsumableListSchema,
      }),
      options,
    );
  }

  /**
   * Every consumable once, whatever shape the listing came in.
   *
   * @example
   * ```ts
   * const items = await client.consumables.items();
   * const unlimited = items.filter((item) => item.how_many === -1);
   * ```
   */
  async items(options?: RequestOptions): Promise<Consumable[]> {
    return flattenConsumables(await this.list(options));
  }

  /**
   * Buys units of a service (or seats, for the seat service). Charged to the owner; never re-sent
   * once it may have reached the service. SERVICE.md takes the service's slug and always a
   * `subscription` (refused before sending without one under `profile: 'spec'`); the deployed
   * server also takes the service's id, needs `subscription` only for the seat service (other
   * units are the buyer's own, listed in the invoice's `standalone_consumables`) and requires
   * `academy`.
   *
   * `how_many` is a positive integer. With `key` (your own reference for this order) it has
   * `purchase()`'s promise: it is recorded in `journal` (default: one in memory shared by the
   * client and its `withOptions` clients) before it is sent, and a later checkout with the same
   * key, in this process or after a restart with a durable journal, never buys again: it resolves
   * with the recorded answer (through `withResponse()`, a `Response` marked
   * `idempotent-replayed: true`), or rejects with `UnsettledKeyError` when the earlier one was
   * sent and its answer never came. The same key with another input is refused with
   * `KeyReuseError`, nothing sent. A request option (`timeout`, `signal`...) or an `idempotencyKey`
   * in the order (from JavaScript), an idempotency header (`Idempotency-Key`, `X-Idempotency-Key`),
   * or an AbortSignal given as the options, is refused with `InvalidRequestError`, nothing sent:
   * request options go in the second argument (`{ signal }`), and the order's key is `key`.
   *
   * @example
   * ```ts
   * const receipt = await client.consumables.checkout({
   *   service: 'ai-credits',
   *   how_many: 10,
   *   subscription: sub.id,
   *   key: `topup-${orderId}`,
   * });
   * ```
   */
  checkout(
    params: CheckoutParams & CheckoutKeyOptions,
    options?: RequestOptions,
  ): APIPromise<CheckoutResult> {
    // eslint-disable-next-line prefer-rest-params -- no third parameter: refused (moneyCall)
    const args = [params, options, arguments[2]] as const;
    return moneyCall(this.#core, 'checkout', args, (given, options) => {
      const { key, journal, identity, ...input } = (
        typeof given === 'object' && given !== null ? given : {}
      ) as CheckoutKeyOptions & Record<string, unknown>;
      const refusal =
        misplacedKeyError(options) ??
        keylessError({ key, journal, identity }) ??
        nestedOptionsRefusal(input, 'checkout') ??
        orderFieldError(input, options) ??
        // With its key's fields: a `Key` beside no `key` is a key misspelt (paid with none).
        misspeltOrderField(readAsFields(given) ? given : input, 'checkout');
      if (refusal) return refusal;
      // Sent as read once, with no key (or as given, for its check to refuse: `null`, an array).
      if (key === undefined) return this.#send(readAsFields(given) ? input : given, options);
      // Keyed: checked as a plain call's are, before the key's own deadline reads them (redteam34:
      // a `totalTimeout` of -1 or NaN ran out at once, 3e9 ms after 1 ms; `signal: {}` threw).
      checkRequestOptions(options);
      // Loaded on first use, in a chunk of its own: a page that never buys does not ship it.
      // Traced, it is one span around its attempt (none when the key's answer is replayed).
      const wait = { signal: options?.signal, ms: options?.timeout };
      const run = this.#core.observe(
        'seatpay.checkout',
        (notes) =>
          keyedCheckoutModule.load(wait).then((keyedCheckout) => {
            // Bad input: a typed error, nothing read or sent.
            keyedCheckout.checkKeyAndJournal({ key, journal, identity }, this.#core.secrets);
            // Checked once (issue 37): keyedCheckout records a copy of this body and sends that copy.
            const body = parseInput(CheckoutParamsSchema, input, 'params');
            // A field this profile's server requires, missing: refused before the key is claimed,
            // else it recorded the order and the one fixed was another request (review22).
            refuseMissingFields(this.#core.routes.consumableCheckout, body);
            const loan = this.#core.keyLoan(options?.timeout);
            // No time for a request (`timeout: 0`, the call's or the client's): refused as a plain
            // checkout, by its own check, before the key is claimed (its refusal was recorded).
            if (loan.timeoutMs === 0) {
              const refused = this.#send(body, { ...options, timeout: 0 }, true);
              return refused as unknown as Promise<never>; // prepare rejects a timeout of 0: unsent
            }
            const scope = keyedCheckout.keyScopeOf(
              loan,
              key,
              identity,
              keyedCheckout.keyOwnerDigest,
            );
            const defaultJournal = () =>
              this.#defaultJournal?.() ??
              keyedCheckout.defaultJournalOf(sharedJournalOf(this) ?? this.#ownJournal);
            const { totalTimeout } = this.#core;
            const keyed = { key, journal: journal ?? defaultJournal(), scope, totalTimeout };
            const send = (copy: Record<string, unknown>, request?: RequestOptions) =>
              this.#send(copy, request, true);
            return keyedCheckout.keyedCheckout(send, body, keyed, options, notes);
          }),
        wait,
      );
      return new APIPromise(run, { raw: false });
    });
  }

  /**
   * A member uses one unit of a service (by its slug): the deployed server's consumption session
   * (`PUT /v1/payments/me/service/{service_slug}/consumptionsession`, answered 201). The unit comes
   * from the caller's own consumables (a seat's, the team pool's, or units bought alone). With no
   * unit left it rejects with `PaymentRequiredError` (402; the deployed server says "Insuficient
   * credits", SERVICE.md's simulator names the cap: `BillingPeriodLimitError`,
   * `RechargeBudgetError`). It takes a unit each time, so it is never re-sent once it may have
   * reached the service: a lost answer rejects with `mayHaveBeenProcessed: true`. It takes no key:
   * a `key`, `journal` or `identity` in its options (from JavaScript), or an idempotency key (an
   * `Idempotency-Key` header), is refused with `InvalidRequestError`, nothing sent.
   *
   * @example
   * ```ts
   * const session = await memberClient.consumables.consume('ai-credits');
   * console.log('consumption session', session.id); // status 'ok'
   * ```
   */
  consume(service: string, options?: RequestOptions): APIPromise<ConsumptionSession> {
    // eslint-disable-next-line prefer-rest-params -- no third parameter: refused (moneyCall)
    const args = [service, options, arguments[2]] as const;
    return moneyCall(this.#core, 'consumables.consume', args, (service, options) => {
      const refusal = unkeyedPayError(undefined, options, 'consumables.consume');
      if (refusal) return refusal;
      return this.#core.request(
        null,
        () => {
          const service_slug = parseInput(NonEmptyStringSchema, service, 'service');
          return {
            route: this.#core.routes.consume,
            params: { service_slug },
            body: {},
            response: ConsumptionSessionSchema,
          };
        },
        options,
      );
    });
  }

  /** Sends a checkout; `params` is checked first unless a keyed checkout already checked it. */
  readonly #send = (
    params: unknown,
    options?: RequestOptions,
    checked = false,
  ): APIPromise<CheckoutResult> =>
    this.#core.request(
      null,
      () => ({
        route: this.#core.routes.consumableCheckout,
        body: checked ? params : parseInput(CheckoutParamsSchema, params, 'params'),
        response: CheckoutResultSchema,
      }),
      options,
    );
}

/**
 * What `consumables.checkout` takes beside the order itself: the order's `key` and the `journal`
 * that records it (see {@link ConsumablesResource.checkout}).
 *
 * @example
 * ```ts
 * const keyed: CheckoutKeyOptions = { key: 'topup-1042', journal: fileJournal('./orders.db') };
 * await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, ...keyed });
 * ```
 * @category Resources
 */
export interface CheckoutKeyOptions {
  /** Your own reference for this order: a checkout with a recorded key never buys again. */
  key?: string;
  /**
   * Where keyed checkouts are recorded; default: the client's in-memory journal. Given (or
   * `identity`) with no `key`: `InvalidRequestError`, nothing sent.
   */
  journal?: PurchaseJournal;
  /**
   * Who the `key` belongs to: a checkout recorded by another identity is refused with
   * `KeyOwnerError`, never replayed. Default: the client's token (a salted, slow digest of it is
   * recorded, never the token). Give your own user id when your provider's tokens rotate.
   */
  identity?: string;
}
