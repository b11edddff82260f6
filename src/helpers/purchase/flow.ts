import { AbortError } from '../../core/errors/abort-error.js';
import { KeyInProgressError } from '../../journals/journal-errors.js';
import { defaultJournalOf } from '../../journals/default-journal.js';
import { PurchaseError, type PurchaseCharged, type PurchaseFailedStep } from './purchase-error.js';
import type { KeyScope } from '../../keys/key-scope.js';
import type { RequestOptions } from '../../core/setup/options.js';
import type { OperationNotes } from '../../core/observe/operation-notes.js';
import type { Payment } from '../../schemas/payments.js';
import type { Bag } from '../../schemas/checking.js';
import type { Subscription } from '../../schemas/subscriptions.js';
import type { PurchaseCalls } from './purchase-calls.js';
import {
  purchaseParams,
  type Prepared,
  type PurchaseOptions,
  type PurchaseResult,
} from './purchase-options.js';
import type { PurchaseStep, PurchaseStepName, PurchaseStepResults } from '../purchase-step.js';
import { subscriptionsOf } from '../wait-for-subscription.js';
import {
  abortAfterPay,
  asSeatpayError,
  chargedAfterPayFailure,
  deadlinePassed,
} from './charged.js';
import type { ClientPurchases } from './client-purchases.js';
import type { PurchaseRecord } from '../../journals/journal.js';
import { KeyedJournal } from '../../journals/keyed-journal.js';
import { LostClaimError, unlessLostClaim } from '../../journals/lost-claim.js';
import { isThisPurchase } from './match.js';
import { awaitsBillingTeam } from '../usable-subscription.js';
import { refuseUnsoldPeriod } from './sold-periods.js';

/**
 * One run of `purchase()`. It knows at every moment which step it is at and whether the money
 * moved, so that whatever fails (a request, the journal, the caller's own `onStep`) becomes a
 * `PurchaseError` that tells the truth about the charge.
 */
export class PurchaseFlow {
  #step: PurchaseFailedStep = 'plan';
  #charged: PurchaseCharged = 'no';
  #payment: Payment | undefined;
  #subscription: Subscription | undefined;
  #record: PurchaseRecord | undefined;
  #ambiguous: unknown;
  readonly #journal: KeyedJournal | undefined;
  readonly #request: RequestOptions;

  constructor(
    private readonly client: PurchaseCalls,
    private readonly options: PurchaseOptions,
    private readonly shared: ClientPurchases,
    /** What the key's journal borrows of the client: its secrets, who is calling. */
    scopeOf: (key: string, identity: string | undefined) => KeyScope,
    private readonly notes: OperationNotes, // its span: told of a replayed key
  ) {
    this.#journal =
      options.key === undefined
        ? undefined
        : new KeyedJournal(
            options.journal ?? defaultJournalOf(shared),
            options.key,
            'purchase',
            purchaseParams(options),
            options.signal,
            scopeOf(options.key, options.identity),
          );
    this.#request = options.signal ? { signal: options.signal } : {};
  }

  async run(): Promise<PurchaseResult> {
    try {
      return await this.#steps();
    } catch (error) {
      throw this.#failure(error);
    } finally {
      await this.#journal?.release(); // no outcome: the key is unknown at once, not held
    }
  }

  async #steps(): Promise<PurchaseResult> {
    const recorded = await this.#readRecord();
    if (recorded && recorded.stage !== 'refused') return this.#resume(recorded);
    const prepared = await this.#prepare();
    const paid = this.shared.queue.run(() => this.#payAndWait(prepared), this.options.signal);
    const subscription = await paid.catch(unlessLostClaim); // lost before the payment left
    // Another run with the same key claimed it first (or since): follow that one, never pay again.
    // Refused meanwhile (nothing charged): the key is free, for a run started later.
    const theirs = subscription ? undefined : await this.#readRecord();
    if (theirs && theirs.stage !== 'refused') return this.#resume(theirs);
    if (!subscription) throw new KeyInProgressError(this.options.key!);
    return this.#finish(prepared, subscription);
  }

  async #prepare(): Promise<Prepared> {
    const { client, options } = this;
    const request = this.#request;
    const plan = this.#report('plan', await client.plans.get(options.plan, request));
    refuseUnsoldPeriod(plan, options.chosen_period);
    const { academy } = options;
    const checking = {
      // Optional chaining: under `validate: 'off'` the plan is whatever the service sent.
      plans: [plan?.id ?? plan?.slug ?? options.plan],
      ...(options.team_seats === undefined ? {} : { team_seats: options.team_seats }),
      ...(academy === undefined ? {} : { academy }),
    };
    this.#step = 'preview';
    const preview = this.#report('preview', await client.checking.preview(checking, request));
    this.#step = 'bag';
    const bag = this.#report('bag', await client.checking.bag(checking, request));
    this.#step = 'card';
    // The deployed server requires the academy on the card too; the card's own wins.
    const own = (options.card as { academy?: unknown }).academy;
    const card =
      academy === undefined || own !== undefined ? options.card : { ...options.card, academy };
    this.#report('card', await client.card.register(card, request));
    return { plan, preview, bag };
  }

  /** Runs in the client's money queue: from the listing before paying to the new subscription. */
  async #payAndWait(prepared: Prepared): Promise<Subscription | undefined> {
    this.#step = 'pay';
    // `exclude` is purchase()'s checked copy (a Proxy's length can change between reads).
    const before = this.options.exclude ?? (await this.#listExisting());
    const exclude = [...before, ...this.shared.claimed];
    const record: PurchaseRecord = {
      kind: 'purchase',
      params: this.#journal?.params,
      stage: 'paying',
      charged: 'unknown',
      ...prepared,
      exclude,
      updatedAt: new Date().toISOString(),
    };
    if (!(await this.#claim(record))) return undefined;
    const payment = await this.#pay(prepared.bag);
    if (this.#charged === 'yes') await this.#write({ stage: 'paid', charged: 'yes', payment });
    this.#report('pay', payment ?? asSeatpayError(this.#ambiguous));
    return this.#waitForSubscription(prepared, exclude);
  }

  async #listExisting(): Promise<number[]> {
    const listing = await this.client.subscriptions.list(this.#request);
    const ids = subscriptionsOf(listing).map((s) => s.id);
    return this.#report('existing', ids);
  }

  /** Pays once. Resolves to the payment, or to undefined when it is unknown whether it went through. */
  async #pay(bag: Bag): Promise<Payment | undefined> {
    this.#charged = 'unknown';
    try {
      const { chosen_period, payment_method_id } = this.options;
      const params = {
        token: bag?.token,
        chosen_period,
        ...(payment_method_id === undefined ? {} : { payment_method_id }),
      };
      const held = this.#journal && { sending: this.#journal.whileHeld.bind(this.#journal) };
      const request = { ...this.#request, ...held } as RequestOptions;
      this.#payment = await this.client.pay.bag(params, request);
      this.#charged = 'yes';
      return this.#payment;
    } catch (error) {
      if (error instanceof LostClaimError) throw ((this.#charged = 'no'), error); // nothing sent
      this.#charged = chargedAfterPayFailure(error);
      if (this.#charged === 'no') {
        // A refused payment leaves the key free for a new attempt; if this write fails, a re-run
        // waits for a subscription that cannot come and says 'unknown': safe, if slow.
        await this.#write({ stage: 'refused', charged: 'no' }).catch(() => undefined);
        throw error;
      }
      if (error instanceof AbortError) throw abortAfterPay(error);
      this.#ambiguous = error; // the charge may have happened: wait for its subscription
      return undefined;
    }
  }

  async #waitForSubscription(prepared: Prepared, exclude: number[]): Promise<Subscription> {
    this.#step = 'wait';
    const { claimed } = this.shared;
    const identity = { ...prepared, payment: this.#payment };
    const { waitTimeout, pollInterval } = this.options;
    const subscription = await this.client.subscriptions.waitFor({
      exclude: [...exclude, ...claimed],
      match: (s) =>
        !claimed.has(s.id) &&
        isThisPurchase(s, identity) &&
        !awaitsBillingTeam(s, this.options.team_seats !== undefined),
      ...(waitTimeout === undefined ? {} : { timeout: waitTimeout }),
      ...(pollInterval === undefined ? {} : { interval: pollInterval }),
      ...this.#request,
    });
    claimed.add(subscription.id);
    this.#found(subscription);
    await this.#write({ stage: 'subscribed', charged: 'yes', subscription });
    return subscription;
  }

  async #finish(prepared: Prepared, subscription: Subscription): Promise<PurchaseResult> {
    this.#report('wait', subscription);
    this.#step = 'consumables';
    const items = await this.client.consumables.items(this.#request);
    const consumables = this.#report('consumables', items);
    await this.#write({ stage: 'done', charged: 'yes', consumables });
    return { ...prepared, payment: this.#payment, subscription, consumables };
  }

  /** A purchase recorded by an earlier run with the same key: never pays, picks up where it was. */
  async #resume(record: PurchaseRecord): Promise<PurchaseResult> {
    this.notes.set({ 'seatpay.replayed': true });
    this.#record = record;
    this.#payment = record.payment;
    this.#charged = record.charged === 'yes' ? 'yes' : 'unknown';
    this.#step = 'wait';
    if (record.subscription) {
      this.shared.claimed.add(record.subscription.id);
      this.#found(record.subscription);
      const { plan, preview, bag, payment, subscription, consumables } = record;
      if (record.stage === 'done' && consumables) {
        return { plan, preview, bag, payment, subscription, consumables };
      }
      return this.#finish(record, record.subscription);
    }
    const subscription = await this.shared.queue.run(
      () => this.#awaitRecorded(record),
      this.options.signal,
    );
    return this.#finish(this.#record ?? record, subscription);
  }

  /**
   * In the queue: the run that holds this key may have found the subscription while this one was
   * queued behind it (and claimed it for the client): read the journal again before waiting.
   */
  async #awaitRecorded(record: PurchaseRecord): Promise<Subscription> {
    const latest = (await this.#readRecord()) ?? record;
    this.#record = latest;
    this.#payment = latest.payment ?? this.#payment;
    if (latest.subscription) {
      this.#found(latest.subscription);
      return latest.subscription;
    }
    return this.#waitForSubscription(latest, latest.exclude);
  }

  #found(subscription: Subscription): void {
    this.#subscription = subscription;
    this.#charged = 'yes';
  }

  /**
   * Records the purchase before paying; false when another run with this key already did. A
   * refused earlier run leaves the key free, and two re-runs of it still cannot both claim it.
   */
  async #claim(record: PurchaseRecord): Promise<boolean> {
    this.#record = record;
    return this.#journal ? this.#journal.claim(record) : true;
  }

  /** The key's purchase record once no other run holds it; a checkout's is refused as a reused key. */
  async #readRecord(): Promise<PurchaseRecord | undefined> {
    const found = (await this.#journal?.awaitOutcome()) as PurchaseRecord | undefined;
    // A copy: a journal keeping the objects it is given would hand later replays the caller's edits.
    return found && (JSON.parse(JSON.stringify(found)) as PurchaseRecord);
  }

  async #write(change: Partial<PurchaseRecord>): Promise<void> {
    if (!this.#record) return;
    this.#record = { ...this.#record, ...change, updatedAt: new Date().toISOString() };
    await this.#journal?.write(this.#record);
  }

  #report<Name extends PurchaseStepName>(
    step: Name,
    result: PurchaseStepResults[Name],
  ): PurchaseStepResults[Name] {
    this.options.onStep?.({ step, result } as PurchaseStep);
    return result;
  }

  #abortAfterPay(error: unknown): unknown {
    return error instanceof AbortError && this.#charged !== 'no' ? abortAfterPay(error) : error;
  }

  #failure(error: unknown): PurchaseError {
    if (error instanceof PurchaseError) return error;
    const { signal } = this.options;
    const cause =
      deadlinePassed(error, signal, this.#step, this.#charged) ?? this.#abortAfterPay(error);
    return new PurchaseError({
      step: this.#step,
      charged: this.#charged,
      cause,
      payment: this.#payment,
      subscription: this.#subscription,
      key: this.options.key,
      inMemory: this.options.journal === undefined,
    });
  }
}
