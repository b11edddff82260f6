import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { boolean, decimal, validate } from '../core/fields.js';
import { crash } from '../core/http-error.js';
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
export function patchBillingTeam(context: RouteContext): Promise<Response> {
  return changeSettings(context, PatchBody, 'max_monthly_spend', serializeTeamPatch);
}

const PutBody = z.object({
  auto_recharge_enabled: boolean(),
  recharge_threshold_amount: decimal(),
  recharge_amount: decimal(),
  max_period_spend: z.nullable(decimal()),
});

/** The deployed server's PUT is partial: any subset, `{}` included, changes only what it names. */
const PartialPutBody = z.object({
  auto_recharge_enabled: z.optional(boolean()),
  recharge_threshold_amount: z.optional(decimal()),
  recharge_amount: z.optional(decimal()),
  max_period_spend: z.optional(z.nullable(decimal())),
});

/**
 * Under SERVICE.md all four settings are required (`max_period_spend` may be null: no cap); the
 * deployed server takes any of them, and then fails (an HTML 500, nothing changed) on any
 * auto-recharge field, as that server does every time: `{}` answers the team unchanged. Answers
 * the read shape.
 */
export function putBillingTeam(context: RouteContext): Promise<Response> {
  const partial = context.state.options.profile.billingTeamPut === 'partial';
  return changeSettings(
    context,
    partial ? PartialPutBody : PutBody,
    'max_period_spend',
    serializeTeamRead,
  );
}

/** The settings body of PATCH or PUT, whose cap goes by the name `capField`. */
type SettingsBody = {
  auto_recharge_enabled?: boolean | undefined;
  recharge_threshold_amount?: number | undefined;
  recharge_amount?: number | undefined;
} & Partial<Record<'max_monthly_spend' | 'max_period_spend', number | null>>;

/** PATCH and PUT differ only in their body, the cap's name and the shape they answer. */
async function changeSettings(
  { state, user, params, request }: RouteContext,
  schema: z.ZodMiniType<SettingsBody, unknown>,
  capField: 'max_monthly_spend' | 'max_period_spend',
  serialize: typeof serializeTeamRead | typeof serializeTeamPatch,
): Promise<Response> {
  const { team, subscription } = ownedTeam(state, user, params.subscription_id ?? '');
  const body: SettingsBody = validate(schema, await readJsonObject(request));
  // The deployed server checks the values, then fails on any of them (its bug): nothing changes.
  if (state.options.profile.crashes.settingsPut && Object.values(body).some((v) => v !== undefined))
    crash();
  applySettings(team.autoRecharge, {
    enabled: body.auto_recharge_enabled,
    threshold: body.recharge_threshold_amount,
    amount: body.recharge_amount,
    cap: body[capField],
  });
  return json(serialize(state, team, subscription));
}

type SettingsChange = { [K in keyof AutoRecharge]: AutoRecharge[K] | undefined };

function applySettings(settings: AutoRecharge, change: SettingsChange): void {
  if (change.enabled !== undefined) settings.enabled = change.enabled;
  if (change.threshold !== undefined) settings.threshold = change.threshold;
  if (change.amount !== undefined) settings.amount = change.amount;
  if (change.cap !== undefined) settings.cap = change.cap;
}
