import { SLICE } from '../../large-text/large-value.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import { parseBody } from '../validate/parse-json.js';
import { authHint, type AuthUsed } from './auth-hint.js';
import { errorFromResponse } from './from-response.js';

/**
 * The typed error of a non-2xx answer, with the client's secrets hidden in its body, headers and
 * status text: all three can echo the request (`x-echo-auth`, a card in a validation message).
 * A promise of it when the body is long enough to be searched in slices.
 */
export function errorOfAnswer(
  response: Response,
  text: string | undefined,
  call: { method: string; url: string; timeoutMs?: number; options?: { signal?: AbortSignal } },
  secrets: Secrets,
  log: Log,
  auth: AuthUsed,
) {
  const { method, url } = call;
  const parsed = parseBody(text ?? '');
  // A body of megabytes is searched in slices, the event loop let go between them; the wait for
  // their code ends with the call's signal and timeout (then redacted in one go).
  if ((text?.length ?? 0) >= SLICE)
    return secrets
      .redactLater(parsed, false, { signal: call.options?.signal, ms: call.timeoutMs })
      .then((body) => errorOfBody(response, body, { method, url }, secrets, log, auth));
  return errorOfBody(response, secrets.redact(parsed), { method, url }, secrets, log, auth);
}

function errorOfBody(
  response: Response,
  body: unknown,
  { method, url }: { method: string; url: string },
  secrets: Secrets,
  log: Log,
  auth: AuthUsed,
) {
  if (log.enabled('debug')) log.debug('error body', body);
  const headers = secrets.redact(Object.fromEntries(response.headers)) as Record<string, string>;
  const statusText = secrets.text(response.statusText);
  const status = response.status;
  const hint = status === 401 ? (message: string) => authHint(message, auth) : undefined;
  return errorFromResponse({ status, headers, statusText, method, url, body }, hint);
}
