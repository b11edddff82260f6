import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { boolean, decimal, validate } from '../core/fields.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { ownedTeam } from '../rules/access.js';
import { serializeTeamPatch, serializeTeamRead } from '../state/serialize-team.js';
import type { AutoRecharge } from '../state/state.js';

/** GET, PATCH and PUT are all owner only, reading included (as on the deployed server). */
export function getBillingTeam({ state, user, params }: RouteContext): Response {
  const { team, subscription } = ownedTeam(state, user, params.subscription_id ?? '');
  return json(serializeTeamRead(state, team, subscription));
}

const PatchBody = z.object({
  auto_recharge_enabled: z.optional(boolean()),
  recharge_threshold_amount: z.optional(decimal()),
  recharge_amount: z.optional(decimal()),
  max_monthly_spend: z.optional(z.nullable(decimal())),
});

/** Any subset of the settings; `max_monthly_spend: null` removes the cap. Answers the PATCH shape. */
export async function patchBillingTeam({
  state,
  user,
  params,
  request,
}: RouteContext): Promise<Response> {
  const { team, subscription } = ownedTeam(state, user, params.subscription_id ?? '');
  const body = validate(PatchBody, await readJsonObject(request));
  applySettings(team.autoRecharge, {
    enabled: body.auto_recharge_enabled,
    threshold: body.recharge_threshold_amount,
    amount: body.recharge_amount,
    cap: body.max_monthly_spend,
  });
  return json(serializeTeamPatch(state, team, subscription));
}

const PutBody = z.object({
  auto_recharge_enabled: boolean(),
  recharge_threshold_amount: decimal(),
  recharge_amount: decimal(),
  max_period_spend: z.nullable(decimal()),
});

/** All four settings are required (`max_period_spend` may be null: no cap). Answers the read shape. */
export async function putBillingTeam({
  state,
  user,
  params,
  request,
}: RouteContext): Promise<Response> {
  const { team, subscription } = ownedTeam(state, user, params.subscription_id ?? '');
  const body = validate(PutBody, await readJsonObject(request));
  applySettings(team.autoRecharge, {
    enabled: body.auto_recharge_enabled,
    threshold: body.recharge_threshold_amount,
    amount: body.recharge_amount,
    cap: body.max_period_spend,
  });
  return json(serializeTeamRead(state, team, subscription));
}

type SettingsChange = { [K in keyof AutoRecharge]: AutoRecharge[K] | undefined };

function applySettings(settings: AutoRecharge, change: SettingsChange): void {
  if (change.enabled !== undefined) settings.enabled = change.enabled;
  if (change.threshold !== undefined) settings.threshold = change.threshold;
  if (change.amount !== undefined) settings.amount = change.amount;
  if (change.cap !== undefined) settings.cap = change.cap;
}
