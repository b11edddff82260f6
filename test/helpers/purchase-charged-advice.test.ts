// A purchase that stops once the card was charged (its caller's signal fired in the wait for the
// subscription, an `onStep` that threw) said "Purchase failed at step "wait" (the card WAS
// charged): The purchase was aborted after the pay request was sent" and no more (newuser14):
// whether to buy again is the whole question, and docs/purchases.md's table answers it (do not:
// run it again with the same key). The message says so, with the key or without one.
// The simulator on loopback; the signal fires from `onStep` (an order of events, no time).
// docs/errors.md's row for `PurchaseError` said only "`charged` says whether money was taken"
// (newuser15): it says what the message says, as the README's row does.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createClient, PurchaseError } from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

const server = useMockServer({ subscriptionDelayMs: 30 });

/** docs/errors.md's "what to do" cell of the `PurchaseError` row. */
function documentedAdvice(): string {
  const row = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('| `PurchaseError`'));
  return row?.split('|')[3]?.trim() ?? '(no PurchaseError row)';
}

describe('a purchase stopped after its card was charged', () => {
  it.each([undefined, 'order-charged-advice'])(
    'with key %s: says not to buy again',
    async (key) => {
      const client = createClient({
        baseUrl: server().url,
        token: server().simulator.users.owner.token,
      });
      const controller = new AbortController();
      const error = await client
        .purchase({
          ...PER_SEAT_PURCHASE,
          ...(key === undefined ? {} : { key }),
          signal: controller.signal,
          onStep: ({ step }) => void (step === 'pay' && controller.abort()),
        })
        .then(
          () => undefined,
          (thrown: unknown) => thrown as PurchaseError,
        );
      expect(error).toBeInstanceOf(PurchaseError);
      expect(error).toMatchObject({ step: 'wait', charged: 'yes' });
      expect(error!.message).toMatch(
        key === undefined
          ? /the card WAS charged\): .*\. Do not buy again: the subscription it paid for appears by itself \(client\.subscriptions\.waitFor\(\)/
          : /the card WAS charged\): .*\. Do not buy again: run the purchase again with the key "order-charged-advice" to finish it/,
      );
      // docs/errors.md tells the same, for either case.
      expect(documentedAdvice()).toMatch(
        key === undefined
          ? /do not buy again: .*without a key, look for its subscription \(`client\.subscriptions\.waitFor\(\)`\)/
          : /do not buy again: run the purchase again with its `key`/,
      );
      if (key !== undefined) {
        // As told: the re-run with the key finishes, paying nothing more.
        const charges = server().simulator.charges.length;
        await client.purchase({ ...PER_SEAT_PURCHASE, key });
        expect(server().simulator.charges).toHaveLength(charges);
      }
    },
  );
});
