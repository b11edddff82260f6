import { APIPromise } from '../../core/api-promise.js';
import type { Answer, AnswerMode } from '../../core/call.js';
import { UnsettledKeyError } from '../../core/errors/journal-errors.js';
import type { RequestOptions } from '../../core/setup/options.js';
import type { OperationNotes } from '../../core/observe/operation-notes.js';
import type { CheckoutResult } from '../../schemas/consumables.js';
import { chargedAfterPayFailure } from './charged.js';
import type { CheckoutRecord, PurchaseJournal } from './journal.js';
import { KeyedJournal } from './keyed-journal.js';

/** Sends one checkout, unkeyed: the resource's own call. */
export type SendCheckout = (
  params: Record<string, unknown>,
  options?: RequestOptions,
) => APIPromise<CheckoutResult>;

/** Runs the keyed checkout, in a `seatpay.checkout` span when the client traces. */
export type ObserveCheckout = <T>(work: (notes: OperationNotes) => Promise<T>) => Promise<T>;

/** The run of each key in this process, per journal: a second run with the key waits for it. */
const running = new WeakMap<PurchaseJournal, Map<string, Promise<unknown>>>();

/**
 * `consumables.checkout({ key })`: recorded in `journal` before it is sent; a later checkout with
 * the key resolves with the recorded answer and never buys again. The whole input is recorded and
 * compared, whatever fields it has. A recorded answer comes back as a `Response` marked
 * `idempotent-replayed: true` through `withResponse()`.
 */
export function keyedCheckout(
  send: SendCheckout,
  params: Record<string, unknown>,
  keyed: { key: string; journal: PurchaseJournal },
  options: RequestOptions | undefined,
  check: () => void,
  observe: ObserveCheckout,
): APIPromise<CheckoutResult> {
  const mode: AnswerMode = { raw: false };
  const run = async (notes: OperationNotes) => {
    check(); // bad input: a typed error, nothing read or sent
    const { key, journal } = keyed;
    notes.set({ 'seatpay.key': key, 'seatpay.replayed': false });
    const journaled = new KeyedJournal(journal, key, 'checkout', params, options?.signal);
    return inTurn(keyed, () => checkoutOnce(send, params, journaled, options, notes));
  };
  return new APIPromise(observe(run), mode);
}

/** Runs `work` after the key's previous run in this process has settled. */
function inTurn<T>(keyed: { key: string; journal: PurchaseJournal }, work: () => Promise<T>) {
  let runs = running.get(keyed.journal);
  if (!runs) running.set(keyed.journal, (runs = new Map()));
  const previous = runs.get(keyed.key) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(work);
  runs.set(keyed.key, mine);
  const forget = () => {
    if (runs.get(keyed.key) === mine) runs.delete(keyed.key);
  };
  mine.then(forget, forget);
  return mine;
}

async function checkoutOnce(
  send: SendCheckout,
  params: Record<string, unknown>,
  journal: KeyedJournal,
  options: RequestOptions | undefined,
  notes: OperationNotes,
): Promise<Answer<CheckoutResult>> {
  const recorded = (await journal.read()) as CheckoutRecord | undefined;
  if (recorded && recorded.stage !== 'refused') return settled(recorded, journal.key, notes);
  const record: CheckoutRecord = {
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params: journal.params,
    updatedAt: new Date().toISOString(),
  };
  // Atomic even over a refusal: two re-runs of a refused checkout cannot both buy.
  const claimed = await journal.claim(record);
  // Another process claimed the key between our read and our claim: follow its record.
  if (!claimed) return settled((await journal.read()) as CheckoutRecord, journal.key, notes);
  const abortedBeforeSending = options?.signal?.aborted ?? false;
  let answer: { data: CheckoutResult; response: Response; requestId: string | null };
  try {
    answer = await send(params, options).withResponse();
  } catch (error) {
    if (chargedAfterPayFailure(error, abortedBeforeSending) === 'no') {
      // Refused: nothing charged, the key is free again. If this write fails, a re-run refuses
      // the key as unsettled: safe.
      await journal.write({ ...record, stage: 'refused', charged: 'no' }).catch(() => undefined);
    }
    throw error;
  }
  const done: CheckoutRecord = { ...record, stage: 'done', charged: 'yes', result: answer.data };
  // Charged: a journal that fails now must not hide that (the record still says 'sending').
  await journal.write(done).catch((error: unknown) => {
    throw new UnsettledKeyError(journal.key, {
      cause: error,
      message: `The checkout with the key "${journal.key}" was charged, but the journal could not record it`,
    });
  });
  const text = JSON.stringify(answer.data);
  const { response, requestId } = answer;
  return { response, text, requestId, method: 'POST', url: response.url, parse: () => answer.data };
}

/** A recorded run: its answer, replayed; or, sent and never settled, never sent again. */
function settled(
  record: CheckoutRecord | undefined,
  key: string,
  notes: OperationNotes,
): Answer<CheckoutResult> {
  if (record?.stage !== 'done' || record.result === undefined) throw new UnsettledKeyError(key);
  notes.set({ 'seatpay.replayed': true });
  const result = record.result;
  const text = JSON.stringify(result);
  const response = new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
  });
  // Replayed, not fetched: the answer has no URL of its own.
  return { response, text, requestId: null, method: 'POST', url: '', parse: () => result };
}
