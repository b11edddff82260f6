import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { visibleSubscriptions } from '../rules/subscriptions.js';
import { serializeSubscription } from '../state/serialize-payments.js';

/** Owned subscriptions and those where the caller holds an active seat, newest first. */
export function listSubscriptions({ state, user }: RouteContext): Response {
  const subscriptions = visibleSubscriptions(state, user.id).map((subscription) =>
    serializeSubscription(state, subscription),
  );
  return json({ subscriptions, plan_financings: [] });
}
