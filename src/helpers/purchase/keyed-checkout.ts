import type { APIPromise } from '../../core/api-promise.js';
import type { Answer } from '../../core/call.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import {
  howToSettle,
  shellQuoted,
  KeyInProgressError,
  UnsettledKeyError,
} from '../../journals/journal-errors.js';
import { startDeadline } from '../../core/retry/deadline.js';
import { deadlinePassed } from './checkout-deadline.js';
import { untilAborted } from '../../core/retry/until-aborted.js';
import type { KeyScope } from '../../keys/key-scope.js';
import type { RequestOptions } from '../../core/setup/options.js';
import type { OperationNotes } from '../../core/observe/operation-notes.js';
import type { CheckoutResult } from '../../schemas/consumables.js';
import { chargedAfterPayFailure } from './charged.js';
import type { CheckoutRecord, PurchaseJournal } from '../../journals/journal.js';
import { KeyedJournal } from '../../journals/keyed-journal.js';
import { LostClaimError } from '../../journals/lost-claim.js';
import { checkRecordableDepth } from '../../journals/recordable-depth.js';

export { checkKeyAndJournal } from '../../journals/key-checks.js';
export { keyOwnerDigest } from '../../keys/owner-digest.js';
export { keyScopeOf } from '../../keys/key-scope.js';
export { defaultJournalOf } from '../../journals/default-journal.js';

/** Sends `body`, unkeyed: the resource's own call, the input it came from checked once before. */
export type SendCheckout = (
  body: Record<string, unknown>,
  options?: RequestOptions,
) => APIPromise<CheckoutResult>;

/** A checkout's key, the journal that records it, and what the client lends that journal. */
export interface CheckoutKey {
  key: string;
  journal: PurchaseJournal;
  scope: KeyScope;
  /** The client's `totalTimeout`, for a call that gives none. */
  totalTimeout: number | undefined;
}

/** The run of each key in this process, per journal: a second run with the key waits for it. */
const running = new WeakMap<PurchaseJournal, Map<string, Promise<void>>>();

/**
 * `consumables.checkout({ key })`: recorded in `journal` before it is sent; a later checkout with
 * the key resolves with the recorded answer and never buys again. The whole input is recorded and
 * compared, whatever fields it has, with who made it. A recorded answer comes back as a `Response`
 * marked `idempotent-replayed: true` through `withResponse()`. Every wait (the journal, who is
 * calling, an earlier run of the key) ends with the call's signal and its `totalTimeout`.
 */
export async function keyedCheckout(
  send: SendCheckout,
  params: Record<string, unknown>,
  keyed: CheckoutKey,
  options: RequestOptions | undefined,
  notes: OperationNotes,
): Promise<Answer<CheckoutResult>> {
  const { scope } = keyed;
  notes.set({ 'seatpay.key': keyed.key, 'seatpay.replayed': false });
  const total = options?.totalTimeout ?? keyed.totalTimeout;
  const deadline = startDeadline(total, options?.signal, `The checkout with key "${keyed.key}"`);
  const { signal } = deadline;
  const state = { sent: false };
  try {
    // One copy, recorded and sent: what the caller changes later (a nested field, a getter, a
    // Proxy) cannot make the key's record name a request other than the one sent.
    const body = jsonCopyOf(params);
    checkRecordableDepth(body);
    const journaled = new KeyedJournal(keyed.journal, keyed.key, 'checkout', body, signal, scope);
    // The deadline is the request's too: one clock for the whole call.
    const { totalTimeout: _whole, ...perRequest } = options ?? {};
    const request = { ...perRequest, ...(signal ? { signal } : {}) };
    const sendBody = (options: RequestOptions) => send(body, options);
    const answer = await inTurn(keyed, signal, () =>
      checkoutOnce(sendBody, journaled, request, state),
    );
    // A recorded answer, returned without buying again, is marked as replayed (see `settled`).
    if (answer instanceof Replayed) notes.set({ 'seatpay.replayed': true });
    return answer;
  } catch (error) {
    throw scope.error(deadlinePassed(error, signal, options?.signal, state.sent) ?? error);
  } finally {
    deadline.clear();
  }
}

/**
 * Runs `work` after the key's previous run in this process has settled; the wait ends with
 * `signal`, and the run after this one still waits for the previous one as well as for this.
 */
function inTurn<T>(keyed: CheckoutKey, signal: AbortSignal | undefined, work: () => Promise<T>) {
  let runs = running.get(keyed.journal);
  if (!runs) running.set(keyed.journal, (runs = new Map()));
  const previous = runs.get(keyed.key);
  // The first run of a key (the usual case) starts at once: nothing to wait for, no extra turn.
  const mine = previous ? untilAborted(previous, signal).then(work) : work();
  // Forgotten as it ends, unless a later run took its place (one promise: issue 37).
  const ended = () => void (runs.get(keyed.key) === turn && runs.delete(keyed.key));
  const turn: Promise<void> = (previous ? Promise.allSettled([previous, mine]) : mine).then(
    ended,
    ended,
  );
  runs.set(keyed.key, turn);
  return mine;
}

/** How many times a run takes turns with others for a key before it says the key is busy. */
const TURNS = 5;

/** Sends the checkout's one copy of its input. */
type SendBody = (options: RequestOptions) => APIPromise<CheckoutResult>;

/**
 * The checked input as JSON gives it back: the data the key records and the body sent. A value
 * that reads otherwise now than when it was checked (a getter, a Proxy) and cannot be encoded is
 * a bad argument: nothing is claimed or sent.
 */
function jsonCopyOf(params: Record<string, unknown>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
  } catch {
    throw new InvalidRequestError(
      'Invalid params: must be JSON data that stays the same while it is read (no getter or Proxy that changes it)',
      { field: 'params' },
    );
  }
}

async function checkoutOnce(
  send: SendBody,
  journal: KeyedJournal,
  options: RequestOptions,
  state: { sent: boolean },
): Promise<Answer<CheckoutResult>> {
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      // Another live run's key is waited for: its answer is replayed, its unknown outcome told.
      const recorded = (await journal.awaitOutcome()) as CheckoutRecord | undefined;
      if (recorded && recorded.stage !== 'refused') return settled(recorded, journal.key);
      const record: CheckoutRecord = {
        kind: 'checkout',
        stage: 'sending',
        charged: 'unknown',
        params: journal.params,
        updatedAt: new Date().toISOString(),
      };
      // Atomic even over a refusal: two re-runs of a refused checkout cannot both buy. Lost to
      // another run between our read and our claim: wait for that one, as above.
      // A claim lost before its request left (a run stopped past its lease): follow the key's record.
      const sent = (await journal.claim(record))
        ? await sendClaimed(send, journal, record, options, state)
        : undefined;
      if (sent) return sent;
    }
    throw new KeyInProgressError(journal.key);
  } finally {
    // An outcome recorded ends the hold already; anything else leaves the key unknown at once.
    const released = journal.release();
    if (released) await released; // none after an outcome: no turn (issue 37)
  }
}

async function sendClaimed(
  send: SendBody,
  journal: KeyedJournal,
  record: CheckoutRecord,
  options: RequestOptions,
  state: { sent: boolean },
): Promise<Answer<CheckoutResult> | undefined> {
  let answered: { data: CheckoutResult; answer: Answer<CheckoutResult> };
  try {
    state.sent = true;
    // Each attempt leaves only while the key is still this run's claim (keyed-journal.ts).
    const sending = journal.whileHeld.bind(journal);
    // Not withResponse(): the response (and the search of its headers for echoed secrets) is
    // read only if the caller asks for it, as for a plain call (issue 37).
    answered = await send({ ...options, sending } as RequestOptions)._answered();
  } catch (error) {
    if (error instanceof LostClaimError) return ((state.sent = false), undefined);
    state.sent = chargedAfterPayFailure(error) !== 'no';
    if (!state.sent) {
      // Refused: nothing charged, the key is free again. If this write fails, a re-run refuses
      // the key as unsettled: safe.
      await journal.write({ ...record, stage: 'refused', charged: 'no' }).catch(() => undefined);
    }
    throw error;
  }
  const { data, answer } = answered;
  const done: CheckoutRecord = { ...record, stage: 'done', charged: 'yes', result: data };
  // Charged: a journal that fails now must not hide that (the record still says 'sending'). Not a
  // TimeoutError when the write outlives the call's time: the charge is certain, only the record
  // is not (docs/keys.md).
  await journal.write(done).catch((error: unknown) => {
    throw new UnsettledKeyError(journal.key, {
      cause: error,
      message: recordLostMessage(journal.key, error),
    });
  });
  return new Sent(answer, data);
}

/**
 * A checkout's answer as it came, its result already parsed: the response, its request id and
 * URL are read from it only when asked for (withResponse(), asResponse()).
 */
class Sent implements Answer<CheckoutResult> {
  readonly method = 'POST';
  readonly text: string | undefined;
  readonly #answer: Answer<CheckoutResult>;
  readonly #data: CheckoutResult;

  constructor(answer: Answer<CheckoutResult>, data: CheckoutResult) {
    this.#answer = answer;
    this.#data = data;
    // The body as it came (a keyed call never leaves it unread: it is parsed before it resolves).
    this.text = answer.text ?? JSON.stringify(data);
  }

  get response(): Response {
    return this.#answer.response;
  }

  get requestId(): string | null {
    return this.#answer.requestId;
  }

  get url(): string {
    return this.#answer.response.url;
  }

  parse(): CheckoutResult {
    return this.#data;
  }
}

/** What a charged checkout whose answer the journal did not record says. */
function recordLostMessage(key: string, error: unknown): string {
  const charged = `The checkout with the key "${key}" was charged (the service answered)`;
  if (!(error instanceof AbortError))
    return `${charged}, but the journal could not record it (its error is this error's \`cause\`): a re-run with the key is refused as unsettled, nothing sent (it replays the answer if the write landed after all). ${howToRecordCharge(key)}`;
  return `${charged}, but the call's time ran out (its signal or totalTimeout) before the journal finished recording it: a re-run with the key replays the answer once that write lands; if it never does, the key stays unsettled. ${howToSettle(key)}`;
}

/** A recorded run: its answer, replayed; or, sent and never settled, never sent again. */
function settled(record: CheckoutRecord | undefined, key: string): Answer<CheckoutResult> {
  if (record?.stage !== 'done' || record.result === undefined) throw new UnsettledKeyError(key);
  return new Replayed(record.result);
}

/** A recorded answer, replayed: made here, not fetched, so it has no URL nor request id. */
class Replayed implements Answer<CheckoutResult> {
  readonly method = 'POST';
  readonly url = '';
  readonly requestId = null;
  readonly text: string;
  readonly response: Response;
  readonly #result: CheckoutResult;

  constructor(result: CheckoutResult) {
    this.text = JSON.stringify(result);
    // The caller's own copy: a journal that keeps the objects it is given (no JSON) would
    // otherwise hand every later replay what this caller changed in it.
    this.#result = JSON.parse(this.text) as CheckoutResult;
    this.response = new Response(this.text, {
      status: 200,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
    });
  }

  parse(): CheckoutResult {
    return this.#result;
  }
}

/** What to do about a key charged for sure whose outcome the journal could not record. */
function howToRecordCharge(key: string): string {
  return (
    `Once the journal works, record the charge: client.journal.settle(${JSON.stringify(key)}, { charged: 'yes', reason }) ` +
    `(command: seatpay journal settle ${shellQuoted(key)} --charged --reason "<why>" --journal <j>)`
  );
}

// The money calls' refusals' texts, loaded with this chunk to refuse (src/resources/money-chunk.ts).
export { moneyRefusalError } from '../../resources/money-refusals.js';
// What a getter of a money call's arguments threw, its card numbers hidden (money-chunk.ts too).
export { cardsHiddenInCause } from '../../resources/getter-cause.js';

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../../lazy-side.js';
