import { InvalidRequestError } from '../../core/errors/validation-errors.js';

/** Each billing period and the plan field that prices it (null: not sold so). */
const PRICE_OF = new Map([
  ['MONTH', 'price_per_month'],
  ['QUARTER', 'price_per_quarter'],
  ['HALF', 'price_per_half'],
  ['YEAR', 'price_per_year'],
]);

/**
 * Refuses a period of the four written otherwise (`'month'`, `'Year'`), before the first request:
 * the plan's check took it (the deployed server upper-cases what it is given), but a service that
 * does not (SERVICE.md's, the simulator's) refused it only at the pay step, the card registered
 * already (redteam52). Other names are the plan's check's and the service's to judge.
 */
export function refuseMiscasedPeriod(chosen: unknown): void {
  if (typeof chosen !== 'string') return;
  const meant = chosen.trim().toUpperCase();
  if (chosen === meant || !PRICE_OF.has(meant)) return;
  throw new InvalidRequestError(
    `Invalid chosen_period ${JSON.stringify(chosen)}: give ${JSON.stringify(meant)} (periods are upper case). Nothing was sent`,
    { field: 'chosen_period' },
  );
}

/**
 * Refuses a `chosen_period` the plan just read does not sell, before the card is registered or
 * anything that costs is sent (the service refuses it only at the pay step, five requests in).
 * A plan sells a period whose price is not null, on both profiles (live-api.md §1.1; the spec's
 * simulator sends the same fields). A plan that lists no price at all, or prices none of the
 * periods (a financing plan), is left to the service to judge.
 */
export function refuseUnsoldPeriod(plan: unknown, chosen: unknown): void {
  if (typeof plan !== 'object' || plan === null) return;
  const prices = plan as Record<string, unknown>;
  const listed = [...PRICE_OF].filter(([, field]) => Object.hasOwn(prices, field));
  const sold = listed.filter(([, field]) => prices[field] !== null).map(([period]) => period);
  if (sold.length === 0) return;
  // The deployed server upper-cases the period it is given.
  if (typeof chosen === 'string' && sold.includes(chosen.toUpperCase())) return;
  const slug = typeof prices.slug === 'string' ? ` "${prices.slug}"` : '';
  throw new InvalidRequestError(
    `Invalid chosen_period ${JSON.stringify(chosen)}: the plan${slug} is sold by ${sold.join(' or ')}; nothing was charged (the card was not sent)`,
    {
      field: 'chosen_period',
      issues: [{ path: ['chosen_period'], message: `one of ${sold.join(', ')}` }],
    },
  );
}
