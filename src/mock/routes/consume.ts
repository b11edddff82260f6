import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { integer, text, validate } from '../core/fields.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { consume } from '../rules/consumption.js';
import { serializeConsumable } from '../state/serialize-consumables.js';
import type { SimulatorState } from '../state/state.js';

const ConsumeBody = z.object({
  service: text(),
  units: z.optional(integer(1)),
  subscription: z.optional(integer(1)),
});

/**
 * What a draw answers: the consumable after it, whether a recharge happened, and the units left
 * (-1 = unlimited).
 *
 * @example
 * ```ts
 * const answer: ConsumeAnswer = simulator.consume({
 *   token: simulator.users.member.token,
 *   service: 'ai-credits',
 * });
 * if (answer.recharged) console.log('auto-recharged; units left:', answer.balance);
 * ```
 * @category Simulator
 */
export interface ConsumeAnswer {
  /** The consumable drawn from, after the draw, as the consumables listing shows it. */
  consumable: ReturnType<typeof serializeConsumable>;
  /** Whether the draw triggered an auto-recharge. */
  recharged: boolean;
  /** Units left after the draw (and any recharge); -1 for unlimited. */
  balance: number;
}

/** The one path for `sim.consume()` and `POST /__mock/consume`. */
export function consumeFor(state: SimulatorState, userId: number, input: unknown): ConsumeAnswer {
  const body = validate(ConsumeBody, input);
  const outcome = consume(state, {
    userId,
    service: body.service,
    units: body.units ?? 1,
    ...(body.subscription === undefined ? {} : { subscription: body.subscription }),
  });
  return {
    consumable: serializeConsumable(outcome.consumable),
    recharged: outcome.recharged,
    balance: outcome.consumable.howMany,
  };
}

/** Not part of the service: lets a test or demo act as a member using a service. */
export async function consumeRoute({ state, user, request }: RouteContext): Promise<Response> {
  return json(consumeFor(state, user.id, await readJsonObject(request)));
}

/**
 * `PUT /v1/payments/me/service/{service_slug}/consumptionsession`: the deployed server's route by
 * which a member uses one unit, served under both profiles. It answers 201 `{ id, status: 'ok' }`
 * and takes the unit at once (the deployed server's worker charges it about 2 s later).
 */
export function consumptionSession({ state, user, params }: RouteContext): Response {
  consumeFor(state, user.id, { service: params.service_slug ?? '' });
  return json({ id: state.nextId('consumptionSession'), status: 'ok' }, 201);
}
