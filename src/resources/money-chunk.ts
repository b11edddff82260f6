import { LazyModule } from '../core/lazy-module.js';
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
 * was sent either way.
 */
export const refusedLater = (refusal: MoneyRefusal): Promise<never> =>
  keyedCheckoutModule.load().then(({ moneyRefusalError }) => {
    throw moneyRefusalError(refusal);
  });
