import type { PreparedCall } from '../call.js';
import { RedirectError } from '../errors/redirect-error.js';
import type { Secrets } from '../secrets/secrets.js';

/** The statuses fetch follows (Fetch standard, "redirect status"). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Whether `response` is a redirect seatpay was handed instead of following it: every runtime
 * sends with `redirect: 'manual'` (Workers and edge runtimes refuse `'error'`), which gives the
 * 3xx itself in Node, Bun, Deno and workerd, and an opaque redirect (status 0) in browsers.
 */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** The typed error of a redirect answer; its body is dropped unread. */
export function redirectErrorOf(
  response: Response,
  call: PreparedCall<unknown>,
  secrets: Secrets,
): RedirectError {
  const opaque = response.type === 'opaqueredirect';
  const location = opaque ? null : response.headers.get('location');
  response.body?.cancel().catch(() => undefined);
  return new RedirectError({
    status: opaque ? undefined : response.status,
    location: location === null ? undefined : secrets.text(absolute(location, call.url)),
    method: call.method,
    url: call.url,
  });
}

function absolute(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}
