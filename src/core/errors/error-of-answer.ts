import type { AuthUsed } from '../../auth-hint.js';
import { SLICE } from '../../large-text/large-value.js';
import { loadWithin } from '../../large-text/redact-large.js';
import { LazyModule } from '../lazy-module.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import { parseBody } from '../validate/parse-json.js';
import { errorFromResponse } from './from-response.js';

/** The 401's hint (auth-hint.ts), a chunk of its own: only a 401 needs it, not a page's first answer. */
const hints = /* @__PURE__ */ new LazyModule(() => import('../../auth-hint.js'));

type Wait = { signal?: AbortSignal; ms?: number };
/** The call an error answers, and how long a load for it may wait (the call's signal and timeout). */
type How = { method: string; url: string; known: readonly string[]; wait: Wait };

/**
 * The typed error of a non-2xx answer, with the client's secrets hidden in its body, headers and
 * status text: all three can echo the request (`x-echo-auth`, a card in a validation message).
 * A promise of it when the body is long enough to be searched in slices, or a 401's hint is loading.
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
  const wait: Wait = { signal: call.options?.signal, ms: call.timeoutMs };
  const how: How = { method, url, known, wait };
  // Megabytes are searched in slices; the wait for their code ends with the call's (then one go).
  if ((text?.length ?? 0) >= SLICE)
    return secrets
      .redactLater(parsed, false, wait)
      .then((body) => errorOfBody(response, body, how, secrets, log, auth));
  return errorOfBody(response, secrets.redact(parsed), how, secrets, log, auth);
}

function errorOfBody(
  response: Response,
  body: unknown,
  { method, url, known, wait }: How,
  secrets: Secrets,
  log: Log,
  auth: AuthUsed,
) {
  log.debug('error body', body, known); // as redacted, unless a secret came since
  const headers = secrets.redact(Object.fromEntries(response.headers)) as Record<string, string>;
  const statusText = secrets.text(response.statusText);
  const status = response.status;
  const answer = { status, headers, statusText, method, url, body };
  const made = (hint?: typeof import('../../auth-hint.js')) =>
    errorFromResponse(answer, hint && ((said) => hint.authHint(said, auth)));
  if (status !== 401 || hints.loaded) return made(status === 401 ? hints.loaded : undefined);
  // Its wait ends with the call's, within 10 s at most; a chunk that fails or never comes leaves
  // the same error (class, code) with the server's message alone: a 401 never hangs or turns.
  return loadWithin(hints, wait).then(made, () => made());
}
