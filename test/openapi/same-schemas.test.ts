import { describe, expect, it } from 'vitest';
import type { Call } from '../../src/core/call.js';
import type { HttpCore } from '../../src/core/request.js';
import { profiles } from '../../src/core/routes/profiles.js';
import type { Route, RouteName } from '../../src/core/routes/routes.js';
import { OPERATIONS } from '../../src/openapi/operations.js';
import { BillingTeamResource } from '../../src/resources/billing-team.js';
import { CardResource } from '../../src/resources/card.js';
import { CheckingResource } from '../../src/resources/checking.js';
import { ConsumablesResource } from '../../src/resources/consumables.js';
import { MediaResource } from '../../src/resources/media.js';
import { PayResource } from '../../src/resources/pay.js';
import { PlansResource } from '../../src/resources/plans.js';
import { SeatsResource } from '../../src/resources/seats.js';
import { SubscriptionsResource } from '../../src/resources/subscriptions.js';

// One source of truth: the schema the document gives each route's answer is the very schema the
// resource method validates that answer with. A core that only records what each call asks for
// (no request is sent) shows which schema each method passes.
function recordingCore() {
  const calls = new Map<RouteName, Call<unknown>>();
  const nameOf = new Map<Route, RouteName>(
    Object.entries(profiles.spec.routes).map(([name, route]) => [route, name as RouteName]),
  );
  const core = {
    routes: profiles.spec.routes,
    academy: undefined,
    request: async <T, C>(checks: C, build: (checks: C) => Call<T>) => {
      const call = build(checks);
      calls.set(nameOf.get(call.route)!, call as Call<unknown>);
      return undefined;
    },
  } as unknown as HttpCore;
  return { core, calls };
}

describe("the document's answer schemas are the resource methods' own", () => {
  it('for every route whose method validates its answer with one schema', async () => {
    const { core, calls } = recordingCore();
    await new PlansResource(core).get('team-per-seat');
    await new CheckingResource(core).preview({ plans: [1] });
    await new CheckingResource(core).bag({ plans: [1] });
    await new CardResource(core).register({ card_number: '4242424242424242', cvc: '123' });
    await new PayResource(core).bag({ token: 't', chosen_period: 'MONTH' });
    await new SubscriptionsResource(core).list();
    await new ConsumablesResource(core).list();
    await new ConsumablesResource(core).checkout({
      service: 'ai-credits',
      how_many: 1,
      subscription: 1,
    });
    await new ConsumablesResource(core).consume('ai-credits');
    await new BillingTeamResource(core).get(1);
    await new BillingTeamResource(core).update(1, { auto_recharge_enabled: true });
    await new BillingTeamResource(core).replace(1, {
      auto_recharge_enabled: true,
      recharge_threshold_amount: '1.00',
      recharge_amount: '5.00',
      max_period_spend: null,
    });
    await new SeatsResource(core).list(1);
    await new MediaResource(core).operationTypes();
    await new MediaResource(core).operationType('media');
    await new MediaResource(core).finalize({
      operation_type: 'media',
      total_chunks: 1,
      filename: 'a',
      mime: 'b',
    });
    expect(calls.size).toBeGreaterThanOrEqual(16);
    for (const [name, call] of calls) {
      const { success } = OPERATIONS[name];
      const documented = 'spec' in success ? success.spec : success;
      expect('answer' in documented && documented.answer.schema, name).toBe(call.response);
    }
  });
});
