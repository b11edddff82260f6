import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import { parseBody } from '../validate/parse-json.js';
import { authHint, type AuthUsed } from './auth-hint.js';
import { errorFromResponse } from './from-response.js';

/**
 * The typed error of a non-2xx answer, with the client's secrets hidden in its body, headers and
 * status text: all three can echo the request (`x-echo-auth`, a card in a validation message).
 */
export function errorOfAnswer(
  response: Response,
  text: string | undefined,
  { method, url }: { method: string; url: string },
  secrets: Secrets,
  log: Log,
  auth: AuthUsed,
) {
  const body = secrets.redact(parseBody(text ?? ''));
  if (log.enabled('debug')) log.debug('error body', body);
  const headers = secrets.redact(Object.fromEntries(response.headers)) as Record<string, string>;
  const statusText = secrets.text(response.statusText);
  const status = response.status;
  const hint = status === 401 ? (message: string) => authHint(message, auth) : undefined;
  return errorFromResponse({ status, headers, statusText, method, url, body }, hint);
}
