import { AbortError } from '../core/errors/abort-error.js';
import { REDACTED } from '../core/secrets/redact.js';
import { formsOf } from '../core/secrets/secret-forms.js';
import {
  collect,
  collectPieces,
  collectWords,
  cutOut,
  nextTo,
} from '../core/secrets/secret-scan.js';
import { foldedSearch, hasOverride } from '../folded-text/folded-text.js';
import type { ScanParts } from '../large-text/resumable-scan.js';
import { checkSecretsList, redactSecrets } from './redact-secrets.js';

/**
 * Characters searched between two pauses (about 1-10 ms of work), as the client's own errors and
 * journals slice a large answer (src/large-text/large-value.ts: not imported, which would move it
 * out of the main entry's chunks).
 */
const SLICE = 64 * 1024;

// Written beside the page's pageParts on purpose: a module both import became a chunk of its own,
// one more file before a page's first answer (review8b tried it).
const SEARCH: ScanParts = {
  formsOf,
  collect,
  collectPieces,
  collectWords,
  cutOut,
  nextTo,
  foldedSearch,
  hasOverride,
};

/**
 * The options of {@link redactSecretsAsync}.
 *
 * @example
 * ```ts
 * const hidden = await redactSecretsAsync(log, [token], { signal: AbortSignal.timeout(5_000) });
 * ```
 * @category Node
 */
export interface RedactSecretsAsyncOptions {
  /** Stops the search between two slices: the promise rejects with `AbortError`. */
  signal?: AbortSignal;
}

/**
 * {@link redactSecrets} of a text, without holding the event loop: the text is searched a slice of
 * 64K characters at a time, and timers, I/O and signals run between slices. The result is
 * `redactSecrets(text, secrets)`'s, exactly (a secret across two slices is found whole). For a log
 * or an answer of megabytes in a server or a command: `redactSecrets` on 5 MB holds the loop
 * 0.5-0.8 s with a card and its CVC known, this holds it 10-30 ms at a time, for a tenth to a
 * fifth more CPU in all (BENCHMARKS.md, "Large values in logs, validation errors and the
 * command"). A text under one slice is redacted at once, as `redactSecrets` does.
 *
 * Rejects with `AbortError` (the signal's reason as its `cause`) if `signal` fires first; the
 * text is never handed back unredacted.
 *
 * @example
 * ```ts
 * import { redactSecretsAsync } from 'seatpay/node';
 *
 * const body = await response.text(); // megabytes of a service's debug output
 * process.stdout.write(await redactSecretsAsync(body, [process.env.SEATPAY_TOKEN!]));
 * ```
 * @category Node
 */
export async function redactSecretsAsync(
  text: string,
  secrets: readonly string[],
  options?: RedactSecretsAsyncOptions,
): Promise<string> {
  const signal = options?.signal; // `null` as no options, as redactSecrets takes any value
  stopIfAborted(signal);
  checkSecretsList(secrets); // a text of one slice or more skipped redactSecrets' check
  const wanted = secrets.filter((secret) => secret !== '');
  if (typeof text !== 'string' || text.length < SLICE || wanted.length === 0)
    return redactSecrets(text, secrets);
  // The page's slices chunk, loaded as the page loads it: the same file, nothing split out of it.
  const { ResumableScan } = await import('../large-text/redact-in-slices.js');
  stopIfAborted(signal);
  const scan = new ResumableScan(text, wanted, false, SEARCH);
  while (scan.done < text.length) {
    scan.until(scan.done + SLICE);
    await letGo();
    stopIfAborted(signal);
  }
  return scan.result(REDACTED);
}

type Schedule = (run: () => void) => unknown;
const { setImmediate } = globalThis as { setImmediate?: Schedule };

/** Lets timers and I/O run (a macrotask; Deno may have no setImmediate: a timer then). */
function letGo(): Promise<void> {
  return new Promise((resume) => (setImmediate ?? setTimeout)(resume));
}

function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new AbortError('redactSecretsAsync was aborted: nothing was returned', {
      cause: signal.reason,
    });
}
