import { untilAborted } from '../core/retry/until-aborted.js';
import { KeyOwnerError, SettledKeyError } from './journal-errors.js';
import { canResume } from './record-rules.js';
import type { JournalRecord } from './journal.js';
import { checkRecord } from './stored-record.js';
import { checkReplayable } from './record-check.js';
import { checkSameRequest } from './key-checks.js';
import type { KeyScope } from '../keys/key-scope.js';

/** The keyed call a found record is checked for. */
export interface FoundFor {
  readonly key: string;
  readonly kind: 'purchase' | 'checkout';
  readonly params: Record<string, unknown>;
  readonly scope: KeyScope;
  readonly signal: AbortSignal | undefined;
}

/**
 * A record a keyed call's read found for its key, checked before anything of it is told: a
 * record, this identity's (else {@link KeyOwnerError}, its parameters never told), made for this
 * very request, not settled as charged with nothing to resume, and replayable as its kind.
 */
export async function checkFound(found: unknown, call: FoundFor): Promise<JournalRecord> {
  const { key, kind, params, scope, signal } = call;
  const record = checkRecord(found, `journal's record of key "${key}"`);
  if (record.owner !== undefined) {
    if (!(await untilAborted(scope.isOwner(record.owner, signal), signal))) {
      throw new KeyOwnerError(key);
    }
  }
  await checkSameRequest(key, kind, params, record, scope, signal);
  // Settled as charged by an operator, with nothing to replay or follow: never sent again.
  if (record.settled?.charged === 'yes' && !canResume(record)) {
    throw new SettledKeyError(key, record.settled);
  }
  checkReplayable(record, key);
  return record;
}
