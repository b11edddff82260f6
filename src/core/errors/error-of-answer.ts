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
  const known = secrets.list; // what the body is redacted with, for its log line
  // Megabytes are searched in slices; the wait for their code ends with the call's (then one go).
  if ((text?.length ?? 0) >= SLICE)
    return secrets
      .redactLater(parsed, false, { signal: call.options?.signal, ms: call.timeoutMs })
      .then((body) => errorOfBody(response, body, { method, url, known }, secrets, log, auth));
  return errorOfBody(response, secrets.redact(parsed), { method, url, known }, secrets, log, auth);
}

function errorOfBody(
  response: Response,
  body: unknown,
  { method, url, known }: { method: string; url: string; known: readonly string[] },
  secrets: Secrets,
  log: Log,
  auth: AuthUsed,
) {
  log.debug('error body', body, known); // as redacted, unless a secret came since
  const headers = secrets.redact(Object.fromEntries(response.headers)) as Record<string, string>;
  const statusText = secrets.text(response.statusText);
  const status = response.status;
  const hint = status === 401 ? (message: string) => authHint(message, auth) : undefined;
  return errorFromResponse({ status, headers, statusText, method, url, body }, hint);
}
