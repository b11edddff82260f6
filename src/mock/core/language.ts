import { SimulatorError } from './http-error.js';
import { REFUSAL_MESSAGES } from './messages.js';

/**
 * The Spanish of every refusal the simulator answers, as the deployed server words it (its
 * `translation(lang, en=..., es=...)` calls in breatheco-de/apiv2): the English text or the start
 * of it, then the Spanish that replaces it; what follows (`: 9 > 3`, `: ada@example.com`) is kept.
 * The one table of the simulator's Spanish, beside messages.ts's English (named from it where it has the text): a refusal the server never answers (the budget ones,
 * the owner's seat) is worded here in the same style. Both profiles answer in the language asked:
 * the language is the service's, not a wire difference between profiles.
 */
export const SPANISH: readonly (readonly [english: string, spanish: string])[] = [
  ['Only the owner can manage team members', 'Solo el dueño puede gestionar miembros del equipo'],
  ['Only the owner can manage team', 'Solo el dueño puede gestionar el equipo'],
  ['Only the owner can manage seats', 'Solo el dueño puede gestionar asientos'],
  [REFUSAL_MESSAGES.billingPeriodLimit, 'Límite del periodo de facturación alcanzado'],
  [REFUSAL_MESSAGES.rechargeBudget, 'No hay presupuesto disponible para la recarga'],
  [REFUSAL_MESSAGES.notEnoughConsumables, 'Créditos insuficientes'],
  [REFUSAL_MESSAGES.insufficientCredits, 'Créditos insuficientes'],
  ['Seats limit exceeded', 'Límite de asientos excedido'],
  [REFUSAL_MESSAGES.seatTaken, 'El usuario ya tiene un asiento para esta equipo'],
  ['No active seat with this email', 'No hay un asiento con este email'],
  ['A seat with this email already exists', 'Ya hay un asiento con este email'],
  ["The owner's seat cannot be removed", 'El asiento del dueño no se puede eliminar'],
  ["The owner's seat cannot be replaced", 'El asiento del dueño no se puede reemplazar'],
  [
    'Add seats or replace seats are required',
    'Agregar asientos o reemplazar asientos son requeridos',
  ],
  [
    'Desired seats must be greater than current seats',
    'Los asientos deseados deben ser mayores que los asientos actuales',
  ],
  ['Plan does not support team seats', 'Plan no soporta asientos de equipo'],
  ['This plan does not support teams', 'Este plan no soporta equipos'],
  ['You already have a subscription to this plan', 'Ya tienes una suscripción a este plan'],
  [REFUSAL_MESSAGES.cardDeclined, 'Tarjeta rechazada'],
  ['Missing card information', 'Falta la información de la tarjeta'],
  ['Academy is required', 'La academia es requerida'],
  ['Invalid bag token', 'El token de la bolsa es inválido'],
  [
    'Bag not found, maybe you need to renew the checking',
    'Bolsa no encontrada, quizás necesitas renovar el checking',
  ],
  ['Service not found', 'El servicio no fue encontrado'],
  ['Subscription not found', 'Suscripción no encontrada'],
  ['Billing team not found', 'Equipo de facturación no encontrado'],
  [REFUSAL_MESSAGES.seatNotFound, 'Asiento no encontrado'],
  ['Plan not found', 'Plan no encontrado'],
];

/**
 * The language the caller asked for: Spanish when the first language of `Accept-Language` that
 * the server speaks (by quality, then order) is Spanish (`es`, `es-ES` ...), else English.
 */
export function asksSpanish(request: Request): boolean {
  const ranked = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { language: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ language, q }) => (language === 'en' || language === 'es') && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language === 'es';
}

/** Refusals whose English ends the message, after a count: `3/3 chunks are missing`. */
const SPANISH_ENDINGS: readonly (readonly [english: string, spanish: string])[] = [
  [' chunks are missing', ' chunks están faltando'],
];

/** `message` in the caller's language: its Spanish when asked and known, else as it is. */
export function inLanguage(message: string, request: Request): string {
  if (!asksSpanish(request)) return message;
  for (const [english, spanish] of SPANISH_ENDINGS)
    if (message.endsWith(english)) return message.slice(0, -english.length) + spanish;
  let best: readonly [string, string] | undefined;
  for (const entry of SPANISH) {
    if (message.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] + message.slice(best[0].length) : message;
}

/** A refusal answered in the caller's language: its `detail` (and its message) translated. */
export function localized(error: SimulatorError, request: Request): SimulatorError {
  const { detail } = error.body;
  if (typeof detail !== 'string') return error;
  const translated = inLanguage(detail, request);
  if (translated === detail) return error;
  const body = { ...error.body, detail: translated };
  return new SimulatorError(error.status, translated, body, error.headers);
}
