import { isSettled } from './record-rules.js';

/**
 * A claim as the run that holds it knows it (`PurchaseJournal.setIfHeld`): the process that holds
 * it (`holder`, as its record names it) and every lease that run wrote (`leases`, `leaseUntil` as
 * written): a write whose answer was lost may have landed, so any of them may be the key's now.
 *
 * @example
 * ```ts
 * const held: HeldClaim = { holder: record.holder!, leases: [record.leaseUntil!] };
 * ```
 * @category Helpers
 */
export interface HeldClaim {
  /** The holder the claim's record names. */
  holder: string;
  /** The leases (`leaseUntil`, ISO 8601, exactly as written) the key's record may hold. */
  leases: readonly string[];
}

/**
 * Whether `found` is still the live claim `held` names: no outcome (not done, refused nor
 * settled), the same holder, one of its leases. What a journal's `setIfHeld` checks in the same
 * step as it writes.
 */
export function isHeldClaim(found: unknown, held: HeldClaim): boolean {
  const record = found as
    | { stage?: unknown; settled?: unknown; holder?: unknown; leaseUntil?: unknown }
    | null
    | undefined;
  return (
    typeof record === 'object' &&
    record !== null &&
    !isSettled(record as { stage: string; updatedAt: string; settled?: unknown }) &&
    record.holder === held.holder &&
    typeof record.leaseUntil === 'string' &&
    held.leases.includes(record.leaseUntil)
  );
}
