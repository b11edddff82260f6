/**
 * Every named refusal of the service: its stable code, then what its message starts with (or
 * holds) in English and in Spanish, the two languages the deployed server answers in (by
 * `Accept-Language` or the user's settings). Each code is the service's own slug (its
 * `silent_code`, or the slug in its source) where it has one; the SDK names the rest in the same
 * style. Patterns are case-insensitive regular expression sources; an empty Spanish pattern means
 * no Spanish text is recorded for it (shared/reference: live-api.md, real-exchanges.json, and the
 * server's `translation(...)` calls). Data, not code per code: the browser bundle pays per byte.
 */
export const REFUSALS: readonly (readonly [code: string, english: string, spanish: string])[] = [
  ['only-owner-allowed', 'only the owner can manage', 'solo el due[ñn]o puede gestionar'],
  [
    'billing-period-limit-reached',
    'billing period limit reached',
    'l[íi]mite del periodo de facturaci[óo]n',
  ],
  [
    'would-exceed-limit',
    'no budget available for recharge',
    'no hay presupuesto disponible para la recarga',
  ],
  [
    'insufficient-credits',
    'insuf+icient credits|not enough consumables',
    'cr[ée]ditos insuficientes',
  ],
  ['seats-limit-exceeded', 'seats limit exceeded', 'l[íi]mite de asientos excedido'],
  ['duplicate-team-seat', 'already has a seat', 'ya tiene un asiento'],
  [
    'no-seat-with-this-email',
    'there is no seat with this email|no active seat with this email',
    'no hay un asiento con este email',
  ],
  [
    'seat-with-this-email-already-exists',
    'already a seat with this email|a seat with this email already exists',
    'ya hay un asiento con este email',
  ],
  ['owner-seat-cannot-be-changed', "owner's seat cannot be", 'el asiento del due[ñn]o no se puede'],
  ['seat-cohort-required', 'must select a cohort', ''],
  [
    'add-or-replace-seats-required',
    'add seats or replace seats are required',
    'agregar asientos o reemplazar asientos son requeridos',
  ],
  [
    'desired-seats-must-be-greater',
    'desired seats must be greater',
    'los asientos deseados deben ser mayores',
  ],
  [
    'plan-does-not-support-team-seats',
    'plan does not support team seats|^plan does not support team$',
    'plan no soporta (asientos de )?equipo$',
  ],
  ['plan-not-support-teams', 'plan does not support teams', 'este plan no soporta equipos'],
  [
    'plan-already-bought',
    'already have a subscription to this plan',
    'ya tienes una suscripci[óo]n a este plan',
  ],
  ['card-error', 'card declined', 'tarjeta rechazada'],
  ['fraud-or-bad-reputation', 'bad reputation', 'mala reputaci[óo]n'],
  ['payment-method-required', 'payment method is required', ''],
  ['missing-card-information', 'missing card information', 'falta la informaci[óo]n de la tarjeta'],
  ['missing-academy-parameter', 'missing academy parameter', ''],
  ['academy-is-required', 'academy is required', 'la academia es requerida'],
  ['missing-token', 'invalid bag token', 'el token de la bolsa es inv[áa]lido'],
  ['not-found-or-without-checking', 'bag not found, maybe', 'bolsa no encontrada, quiz[áa]s'],
  ['service-not-found', '^service not found', 'el servicio no fue encontrado'],
  ['subscription-not-found', '^subscription not found', '^suscripci[óo]n no encontrada'],
  ['billing-team-not-found', 'billing team not found', 'equipo de facturaci[óo]n no encontrado'],
  ['seat-not-found', '^seat not found', '^asiento no encontrado'],
];

/** Other slugs the service or its test mode has sent for the same refusal. */
const ALIASES: Readonly<Record<string, string>> = { 'no-budget-available': 'would-exceed-limit' };

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$/;
let compiled: [string, RegExp][] | undefined;

/**
 * The stable code of a refusal: the slug the service sent (`silent_code`) when it sent one, else
 * the code whose English or Spanish message `message` matches, else `null`. A message that is
 * itself a known slug (the server's test mode sends the slug as `detail`) is that code.
 */
export function refusalCode(message: string, slug?: unknown): string | null {
  const sent = typeof slug === 'string' ? slug.trim().toLowerCase() : '';
  if (SLUG.test(sent)) return ALIASES[sent] ?? sent;
  const text = message.trim();
  const lower = text.toLowerCase();
  if (ALIASES[lower]) return ALIASES[lower];
  compiled ??= REFUSALS.map(([code, english, spanish]) => [
    code,
    new RegExp(spanish ? `${english}|${spanish}` : english, 'i'),
  ]);
  for (const [code, pattern] of compiled) if (code === lower || pattern.test(text)) return code;
  return null;
}
