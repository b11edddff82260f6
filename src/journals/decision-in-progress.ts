import { KeyInProgressError } from './journal-errors.js';

/**
 * What `settle` and `reconcile` (and the command's `journal settle`, `journal reconcile`) reject
 * with on a key a live run holds: not "retry the call", but decide again once that run ends, and
 * when a dead run's key becomes settleable (its record's `leaseUntil`, by the journal's clock).
 * Its text lives here, with the decisions, not in the error class a page loads up front.
 */
export function decisionInProgress(
  key: string,
  leaseUntil: string | undefined,
): KeyInProgressError {
  const at = leaseUntil === undefined ? '' : `, at ${leaseUntil} by the journal's clock`;
  return new KeyInProgressError(key, {
    message:
      `Another run with the key "${key}" is still in progress elsewhere (another process, machine or tab): its outcome is not unknown yet, so nothing was decided or recorded. ` +
      `Settle or reconcile it again once that run ends (it then records its own outcome); if its process died, the key becomes settleable once its lease runs out${at}: ` +
      "one lease (30 s by default, the journal's `lease` option) after its last heartbeat",
  });
}
