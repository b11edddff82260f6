// The card the CVC tests pay with (test/journals/cvc-labelled-or-alone, test/node/cvc-alone-echo-
// review): its CVC a short number, as an answer's ids and counts are, put into what the service
// says by the test (answered-checkout.ts), then looked for in what a user sees.
import { answeredCheckoutClient, type CheckoutAnswer } from './answered-checkout.js';

export { shownOf, type CheckoutAnswer } from './answered-checkout.js';

/** The CVC of {@link CARD}. */
export const CVC = '987';

/** The card a {@link cvcCardClient} bought its subscription with. */
export const CARD = { card_number: '4242424242424242', cvc: CVC };

/** A client whose user (`email`) paid with {@link CARD}, as `answeredCheckoutClient` makes it. */
export const cvcCardClient = (
  email: string,
  checkout: { answer?: CheckoutAnswer },
  log?: unknown[][],
) => answeredCheckoutClient(email, CARD, checkout, log);
