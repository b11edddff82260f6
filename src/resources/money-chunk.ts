import { LazyModule } from '../core/lazy-module.js';
import type { SeatpayError } from '../core/errors/seatpay-error.js';
import { unreadableArguments } from '../unreadable-arguments.js';
import type { MoneyRefusal } from './misplaced-key.js';

/**
 * The keyed checkout's chunk, loaded on first use: a page that never buys does not ship it. It
 * also holds the money calls' refusals' texts (money-refusals.ts, size17): a page that never
 * misplaces a key does not ship them, and a chunk of their own would have cost the page its name
 * in vite's preload list, about as much as the texts.
 */
export const keyedCheckoutModule = /* @__PURE__ */ new LazyModule(
  () => import('../helpers/purchase/keyed-checkout.js'),
);

/**
 * `refusal`'s InvalidRequestError, once its chunk is loaded (apart from misplaced-key.ts, which
 * page-side.ts names: a load there put a second copy of vite's preload list in the page's other
 * file). A chunk that cannot load rejects with the ConnectionError every lazy part gives. Nothing
 * was sent either way. Until the chunk is there, the wait ends with the call's `signal` (`given`'s):
 * a chunk that never arrived kept a refused call going past its abort (redteam43), and within its
 * `timeout`, as a keyed checkout's wait for the same chunk (review18a); once loaded, the refusal
 * comes first, as a plain call's bad argument does.
 */
export const refusedLater = (refusal: MoneyRefusal, given?: unknown): Promise<never> =>
  rejectedOnceLoaded((chunk) => chunk.moneyRefusalError(refusal), given);

/**
 * The refusal of a money call's arguments that could not be read (what a getter or Proxy threw,
 * its cause), once the chunk is loaded as `refusedLater`'s: with the card numbers and CVCs that
 * cause quotes hidden (getter-cause.ts; a checkout or `pay.bag` never saw the card), and the
 * client's secrets.
 */
export const unreadableLater = (
  core: { scrub(error: unknown): SeatpayError },
  thrown: unknown,
  given?: unknown,
): Promise<never> =>
  rejectedOnceLoaded(
    (chunk) => core.scrub(chunk.cardsHiddenInCause(unreadableArguments(thrown))),
    given,
  );

type KeyedCheckoutChunk = Awaited<ReturnType<typeof keyedCheckoutModule.load>>;

function rejectedOnceLoaded(
  error: (chunk: KeyedCheckoutChunk) => Error,
  given?: unknown,
): Promise<never> {
  const { signal, timeout: ms } = Object(given) as { signal?: unknown; timeout?: number };
  return keyedCheckoutModule
    .load(keyedCheckoutModule.loaded ? {} : { signal, ms })
    .then((chunk) => {
      throw error(chunk);
    });
}
