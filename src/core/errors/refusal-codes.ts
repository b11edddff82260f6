/**
 * Every named refusal of the service: its stable code, then what its message starts with (or
 * holds) in English and in Spanish, the two languages the deployed server answers in (by
 * `Accept-Language` or the user's settings). Each code is the service's own slug (its
 * `silent_code`, or the slug in its source) where it has one; the SDK names the rest in the same
 * style. Patterns are case-insensitive regular expression sources, the shortest part of the text
 * that tells the refusal apart (checked in order); an empty English one is the code's own words
 * (`chunk already exists`), an empty Spanish one: none recorded (live-api.md, real-exchanges.json,
 * the server's `translation(...)`). One text, a row a line, split once: a page pays per byte.
 */
export const REFUSALS = /* @__PURE__ */ `only-owner-allowed;only the owner;solo el due
billing-period-limit-reached;billing period limit;periodo de facturaci
would-exceed-limit;no budget available;no hay presupuesto
insufficient-credits;insuf+icient credits|not enough consumables;ditos insuficientes
seats-limit-exceeded;;mite de asientos
duplicate-team-seat;already has a seat;ya tiene un asiento
no-seat-with-this-email;no (active )?seat with this email;no hay un asiento
seat-with-this-email-already-exists;seat with this email;ya hay un asiento
owner-seat-cannot-be-changed;owner's seat cannot;asiento del due
seat-cohort-required;select a cohort;
add-or-replace-seats-required;add seats or replace;agregar asientos o
desired-seats-must-be-greater;desired seats must;asientos deseados
plan-does-not-support-team-seats;support team( seats)?$;soporta (asientos de )?equipo$
plan-not-support-teams;support teams;soporta equipos
plan-already-bought;subscription to this plan;n a este plan
card-error;card declined;tarjeta rechazada
fraud-or-bad-reputation;bad reputation;mala reputaci
payment-method-required;payment method is required;
missing-card-information;missing card info;n de la tarjeta
missing-academy-parameter;missing academy param;
academy-is-required;;academia es requerida
missing-token;invalid bag token;token de la bolsa
not-found-or-without-checking;bag not found, maybe;bolsa no encontrada, quiz
service-not-found;^service not found;servicio no fue encontrado
subscription-not-found;^subscription not found;^suscripci.n no encontrada
billing-team-not-found;;equipo de facturaci.n no
seat-not-found;^seat not found;^asiento no encontrado
invalid-bag-type;invalid type. allowed values;tipo inv.lido. los valores
more-than-one-plan-selected;only select one plan;
service-is-required;;el servicio es requerido
invalid-operation-type;;
unsupported-operation-type;unsupported media type operation;operaci.n de tipo de media
unauthorized-media-upload;aren't authorized to upload;autorizado para subir
invalid-total-chunks;total_chunks must be a positive;total_chunks debe ser un n.mero entero p
total-chunks-exceeded;;supera el l.mite permitido
unsupported-mime-type;;tipo mime no v
chunk-size-does-not-match;chunk size doesn't match;tama.o del chunk no coincide
chunk-index-out-of-range;;chunk est. fuera de rango
chunk-already-exists;;chunk ya existe
file-already-exists;;archivo ya existe
some-chunks-not-found;chunks are missing;chunks est.n faltando
missing-required-meta-key;;falta la clave de metadatos
meta-must-be-dictionary;meta must be a dictionary;meta debe ser un diccionario`
  .split('\n')
  .map((row) => row.split(';')) as unknown as readonly (readonly [
  code: string,
  english: string,
  spanish: string,
])[];

/** Other slugs the service or its test mode has sent for the same refusal (a Map: `constructor` is no slug of it). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['no-budget-available', 'would-exceed-limit'],
]);

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
let compiled: [string, RegExp][] | undefined;

/**
 * The stable code of a refusal: the slug the service sent (`silent_code`) when it sent one, else
 * the code whose English or Spanish message `message` matches, else `null`. A message that is
 * itself a known slug (the server's test mode sends the slug as `detail`) is that code.
 */
export function refusalCode(message: string, slug?: unknown): string | null {
  const sent = typeof slug === 'string' ? slug.trim().toLowerCase() : '';
  if (SLUG.test(sent)) return ALIASES.get(sent) ?? sent;
  const text = message.trim();
  const lower = text.toLowerCase();
  const alias = ALIASES.get(lower);
  if (alias !== undefined) return alias;
  compiled ??= REFUSALS.map(([code, english, spanish]) => {
    const words = english || code.replaceAll('-', ' ');
    return [code, new RegExp(spanish ? `${words}|${spanish}` : words, 'i')];
  });
  for (const [code, pattern] of compiled) if (code === lower || pattern.test(text)) return code;
  return null;
}
