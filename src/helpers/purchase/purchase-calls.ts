import type { CardResource } from '../../resources/card.js';
import type { CheckingResource } from '../../resources/checking.js';
import type { ConsumablesResource } from '../../resources/consumables.js';
import type { PayResource } from '../../resources/pay.js';
import type { PlansResource } from '../../resources/plans.js';
import type { SubscriptionsResource } from '../../resources/subscriptions.js';

/**
 * The calls a purchase makes, and nothing else of the client: the flow depends on these, as the
 * upload depends on `MediaCalls`, so it can be built (and tested, and loaded) apart from the client.
 */
export interface PurchaseCalls {
  plans: Pick<PlansResource, 'get'>;
  checking: Pick<CheckingResource, 'preview' | 'bag'>;
  card: Pick<CardResource, 'register'>;
  pay: Pick<PayResource, 'bag'>;
  subscriptions: Pick<SubscriptionsResource, 'list' | 'waitFor'>;
  consumables: Pick<ConsumablesResource, 'items'>;
}
