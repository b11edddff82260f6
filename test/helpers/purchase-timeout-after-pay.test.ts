// `client.purchase()` whose caller's `AbortSignal.timeout(...)` fires between two steps, once the
// pay request went out: the PurchaseError says the card was charged, and its cause must not say
// otherwise. The next step's wait (the subscription's chunk, a poll's request) tells a timed-out
// signal as a TimeoutError "Nothing was sent ... (call again with more time)",
// `mayHaveBeenProcessed: false`: that was the cause as it came, and the purchase's message said
// to call again for a card charged. A purchase that ran out of time says so, with
// `mayHaveBeenProcessed` as the charge, as it already did for an abort and for the card step.
// The simulator on loopback; the signal fires from `onStep` (an order of events, no time).
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  PurchaseError,
  TimeoutError,
  type PurchaseStepName,
} from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { PURCHASE_STEPS } from '../support/purchase-steps.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

const server = useMockServer({ subscriptionDelayMs: 30 });

/** What the purchase rejects with when its signal fires with `reason` once `step` is done. */
async function stoppedAfter(step: PurchaseStepName, reason: unknown, any = false) {
  const client = createClient({
    baseUrl: server().url,
    token: server().simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  const controller = new AbortController();
  const signal = any ? AbortSignal.any([controller.signal]) : controller.signal;
  const done = (report: { step: PurchaseStepName }) =>
    void (report.step === step && controller.abort(reason));
  return client.purchase({ ...PER_SEAT_PURCHASE, signal, onStep: done }).then(
    () => undefined,
    (error: unknown) => error as PurchaseError,
  );
}

/** What the caller's `AbortSignal.timeout(...)` fires with. */
const timedOut = () => new DOMException('signal timed out', 'TimeoutError');

describe("a purchase whose caller's AbortSignal.timeout fires between two steps", () => {
  const after = PURCHASE_STEPS.slice(0, PURCHASE_STEPS.indexOf('consumables'));
  for (const step of after) {
    for (const any of [false, true]) {
      it(`(after "${step}"${any ? ', through AbortSignal.any' : ''}) has a cause that says what the charge says`, async () => {
        const error = await stoppedAfter(step, timedOut(), any);
        expect(error).toBeInstanceOf(PurchaseError);
        const charged = error!.charged !== 'no';
        expect(charged).toBe(after.indexOf(step) >= after.indexOf('pay'));
        expect(error!.cause).toBeInstanceOf(TimeoutError);
        expect(error!.cause).toMatchObject({ mayHaveBeenProcessed: charged });
        expect(error!.mayHaveBeenProcessed).toBe(charged);
        expect((error!.cause as Error).message).toMatch(/did not finish in time/);
        if (charged) expect(error!.message).not.toMatch(/call again|Nothing was sent/);
      });
    }
  }

  it('before the card step, a reason quoting the card shows it nowhere', async () => {
    // The card was hidden from its step on: a reason quoting it before (the caller's own) was
    // printed in the cause's cause, and now in the purchase's own message.
    const { card_number, cvc } = PER_SEAT_PURCHASE.card;
    for (const step of ['plan', 'preview', 'bag'] as const) {
      const reason = new DOMException(`gave up on ${card_number} (${cvc})`, 'TimeoutError');
      const error = await stoppedAfter(step, reason);
      const cause = error!.cause as Error;
      const seen = [error!.message, cause.message, (cause.cause as Error).message, error!.stack];
      expect(seen.join('\n'), step).not.toContain(card_number);
    }
  });

  it('after "pay", a plain abort still says it may have been processed', async () => {
    const error = await stoppedAfter('pay', new Error('left the page'));
    expect(error!.cause).toBeInstanceOf(AbortError);
    expect(error!.cause).toMatchObject({ mayHaveBeenProcessed: true });
  });
});
