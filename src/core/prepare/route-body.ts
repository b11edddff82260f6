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
  // The route first: most have no such fields, and then the body needs no look.
  if (route.requiredFields === undefined || !isPlainObject(body)) return;
  const missing = route.requiredFields.find((field) => body[field] === undefined);
  if (missing !== undefined) {
    throw new InvalidRequestError(`Invalid ${missing}: required by this profile's server`, {
      field: missing,
    });
  }
}

/**
 * A body holding a field the route's server cannot take is refused before anything is sent. A
 * field is a top-level name, or `list[].name` for a name in each item of a list.
 */
export function refuseUnsupportedFields(route: Route, body: unknown): void {
  if (route.unsupportedFields === undefined || !isPlainObject(body)) return;
  const { fields, advice } = route.unsupportedFields;
  for (const field of fields) {
    const given = givenPath(body, field);
    if (given !== undefined)
      throw new InvalidRequestError(`Invalid ${given}: ${advice}`, { field: given });
  }
}

/** Where `body` holds `field` (`name`, or `list[].name`): its path (`list.2.name`), or undefined. */
function givenPath(body: Record<string, unknown>, field: string): string | undefined {
  const [list, name] = field.split('[].');
  if (name === undefined) return body[field] === undefined ? undefined : field;
  const items = body[list!];
  if (!Array.isArray(items)) return undefined;
  const at = items.findIndex((item) => isPlainObject(item) && item[name] !== undefined);
  return at === -1 ? undefined : `${list}.${at}.${name}`;
}

/** A JSON body as the route sends it: with its fixed fields, and its JSON-encoded fields as strings. */
export function bodyForRoute(route: Route, body: unknown): unknown {
  const { fixedFields, jsonEncodedFields } = route;
  if ((fixedFields === undefined && jsonEncodedFields === undefined) || !isPlainObject(body))
    return body;
  const out: Record<string, unknown> = { ...body, ...fixedFields };
  for (const field of jsonEncodedFields ?? []) {
    if (out[field] !== undefined) out[field] = JSON.stringify(out[field]);
  }
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
