import { InvalidRequestError } from '../errors/validation-errors.js';
import type { Route } from '../routes/routes.js';

/*
 * What a route's entry in its profile's table asks of a call. This is how a profile changes a
 * request without any resource method knowing which profile it is.
 */

/** A route the server lacks is refused before anything is sent, saying what to use instead. */
export function refuseUnavailable(route: Route): void {
  if (route.unavailable !== undefined) throw new InvalidRequestError(route.unavailable);
}

/**
 * A body lacking a field the route's server requires is refused before anything is sent (the
 * spec's billing-team PUT takes the whole configuration; the deployed server's, any part of it).
 */
export function refuseMissingFields(route: Route, body: unknown): void {
  if (!isPlainObject(body)) return;
  const missing = route.requiredFields?.find((field) => body[field] === undefined);
  if (missing !== undefined) {
    throw new InvalidRequestError(`Invalid ${missing}: required by this profile's server`, {
      field: missing,
    });
  }
}

/** A JSON body as the route sends it: with its fixed fields, and its JSON-encoded fields as strings. */
export function bodyForRoute(route: Route, body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const { fixedFields, jsonEncodedFields } = route;
  if (fixedFields === undefined && jsonEncodedFields === undefined) return body;
  const out: Record<string, unknown> = { ...body, ...fixedFields };
  for (const field of jsonEncodedFields ?? []) {
    if (out[field] !== undefined) out[field] = JSON.stringify(out[field]);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
