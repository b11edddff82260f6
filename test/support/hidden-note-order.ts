// The hidden-field tests' set-up: a keyed consumable order whose note (a field the typed input
// does not name, recorded as given: the journal keeps the whole input) quotes the card's CVC,
// which the journal hides and digests under the token the client holds.
import { expect } from 'vitest';
import {
  memoryJournal,
  type CheckoutKeyOptions,
  type CheckoutParams,
  type ClientOptions,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { asUser } from './as-user.js';
import { inMemoryClient } from './in-memory-client.js';
import { GOOD_CARD, teamPurchase } from './team-purchase.js';

/** The CVC of the card the first client pays with, quoted in the order's note. */
export const NOTE_CVC = '123';

export interface HiddenNoteSetUp {
  /** The client's `token` option for a token: the token itself unless a test gives a provider. */
  tokenOf?: (token: string) => ClientOptions['token'];
  /** More options for every client (a timeout...). */
  clientOptions?: Partial<ClientOptions>;
}

/**
 * A simulator with a user (`email`); `clientOf(token)`, a client holding `token` (what the
 * journal's digests use) while the simulator authenticates the user; `first`, the client of
 * `token` that bought a two-seat team subscription with a card whose CVC is {@link NOTE_CVC} (so
 * it learned the CVC); an order of one AI credit on that subscription, with a memory journal, an
 * identity and the note `phone order, card ending 4242 cvc 123` (no key: the test adds it); and
 * the consumable checkouts charged so far.
 */
export async function hiddenNoteOrder(
  email: string,
  token: string,
  { tokenOf = (t) => t, clientOptions = {} }: HiddenNoteSetUp = {},
) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const clientOf = (held: string) =>
    inMemoryClient(simulator, held, {
      token: tokenOf(held),
      fetch: asUser(user.token, (request) => simulator.handle(request)),
      ...clientOptions,
    });
  const first = clientOf(token);
  const bought = await first.purchase(teamPurchase(1, { ...GOOD_CARD, cvc: NOTE_CVC }));
  const order = {
    service: 'ai-credits',
    how_many: 1,
    subscription: bought.subscription.id,
    note: `phone order, card ending 4242 cvc ${NOTE_CVC}`,
    journal: memoryJournal(),
    identity: 'user-7',
  } as CheckoutParams & CheckoutKeyOptions & { journal: ReturnType<typeof memoryJournal> };
  const checkouts = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout');
  return { simulator, first, clientOf, order, checkouts };
}

/** What {@link hiddenNoteOrder} sets up. */
export type HiddenNoteOrder = Awaited<ReturnType<typeof hiddenNoteOrder>>;

/**
 * The order (its key given) paid by `first`, recorded with the note hidden and its digest kept,
 * then run again by a fresh client of `token` that never sent the card: replayed from the
 * journal, the first checkout's answer, charged once.
 */
export async function expectReplayedFromDigest(
  { first, clientOf, order, checkouts }: HiddenNoteOrder,
  token: string,
): Promise<void> {
  const paid = await first.consumables.checkout(order);
  expect(await order.journal.get(order.key!)).toMatchObject({
    params: { note: 'phone order, card ending 4242 cvc [REDACTED]' },
    paramsDigest: expect.any(String),
  });
  const again = await clientOf(token).consumables.checkout(order).withResponse();
  expect(again.data.id).toBe(paid.id);
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(checkouts()).toHaveLength(1);
}
