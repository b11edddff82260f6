import { AbortError } from '../core/errors/abort-error.js';
import { withinMs } from '../core/retry/until-aborted.js';
import { KeyInProgressError } from './journal-errors.js';
import type { JournalRecord } from './journal.js';
import { readJudged } from './key-holder.js';
import { pollPauses, sleep } from './key-lease.js';

/** What {@link outcomeOnceFree} waits with: the key, its reads, and the call's bounds. */
export interface HeldKeyWait {
  key: string;
  read: () => Promise<JournalRecord | undefined>;
  judgeNow: () => number;
  leaseMs: number;
  /** The call's timeout (0 or less: none): a wait longer says {@link KeyInProgressError}. */
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/**
 * A key's record once no live run holds it, polled after a first read (at `started`) found it
 * held: a slow read gets what is left of the wait, never a whole timeout more, and the call's
 * deadline or signal ends the wait with {@link KeyInProgressError} (still held).
 */
export async function outcomeOnceFree(
  wait: HeldKeyWait,
  started: number,
  found: JournalRecord | undefined,
): Promise<JournalRecord | undefined> {
  const { key, signal } = wait;
  let record = found;
  let held: boolean;
  const budget = wait.timeoutMs > 0 ? wait.timeoutMs : Infinity;
  try {
    for (const pause of pollPauses(wait.leaseMs)) {
      const left = budget - (performance.now() - started);
      if (left <= 0) throw new KeyInProgressError(key);
      await sleep(Math.min(pause, left), signal);
      const rest = Math.max(1, budget - (performance.now() - started));
      const judged = readJudged(key, wait.read, wait.judgeNow);
      ({ record, held } = await withinMs(judged, rest, () => new KeyInProgressError(key)));
      if (!held) return record;
    }
  } catch (error) {
    // The call's deadline or its own signal ended the wait: still held, in progress elsewhere
    // (issue 37: safe to retry later, never a bare abort that tells nothing).
    if (error instanceof AbortError && signal?.aborted) {
      throw new KeyInProgressError(key, { cause: signal?.reason });
    }
    throw error;
  }
  return record;
}
