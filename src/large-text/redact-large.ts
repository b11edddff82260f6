import { LazyModule } from '../core/lazy-module.js';
import { pageParts } from './page-parts.js';

/** How a string is scrubbed whole (the client's remembering scrub) and what a long one is searched for. */
export interface SlicedScrub {
  scrub: (text: string) => string;
  secrets: readonly string[];
  /** A journal's record: short numbers hidden only where labelled or whole (secret-forms.ts). */
  stored: boolean;
}

/**
 * The slices' code (redact-in-slices.ts, resumable-scan.ts, validate-in-slices.ts), a chunk of its own: only an answer of
 * a slice or more (large-value.ts) needs it, and that answer is already here, so waiting for it
 * delays no request. A connection error, a timeout or an abort never needs it.
 */
const slices = /* @__PURE__ */ new LazyModule(() => import('./redact-in-slices.js'));

/**
 * Longest wait for that chunk (and a 401's hint: core/errors/error-of-answer.ts): a browser gives a
 * module that never arrives no time limit, and a redaction must never hang, nor a 401. After it (or
 * a failed load) the value is redacted in one go (the 401's error made without its hint).
 */
const LOAD_WAIT_MS = 10_000;

/**
 * `value` redacted in slices, the event loop let go between them, once their code is loaded; in
 * one go (`oneGo`, the same result) if it cannot be: the value is never left unredacted and the
 * wait never outlasts {@link LOAD_WAIT_MS}, nor `wait`: a call's signal and timeout (an error's
 * body), which end the wait for the chunk, not the redaction.
 */
export function redactLarge(
  value: unknown,
  how: SlicedScrub,
  oneGo: () => unknown,
  wait: { signal?: AbortSignal; ms?: number } = {},
): Promise<unknown> {
  return loadSlices(wait).then(
    ({ redactInSlices }) => redactInSlices(value, how, pageParts),
    () => oneGo(),
  );
}

/**
 * The slices' code, once loaded; rejects after {@link LOAD_WAIT_MS}, or `wait` (a call's signal and
 * timeout), or a failed load: the caller then does its work in one go.
 */
export function loadSlices(wait: { signal?: AbortSignal; ms?: number } = {}) {
  return loadWithin(slices, wait);
}

/** `module`, loaded; rejects as {@link loadSlices} does (a 401's hint, error-of-answer.ts). */
export function loadWithin<T>(module: LazyModule<T>, wait: { signal?: AbortSignal; ms?: number }) {
  const ms = Math.min(LOAD_WAIT_MS, wait.ms ?? LOAD_WAIT_MS);
  return module.load({ ms, signal: wait.signal });
}
