// A journal whose heartbeats the test watches: each renewal of a held key's lease (setIfHeld with
// a lease) written once the call's request is out, in order, and one of them lands with its answer
// lost (the connection dropped after the write), as a database can do.
import type { PurchaseJournal } from '../../src/index.js';

export interface Renewal {
  /** The lease it wrote. */
  lease: string;
  /** Whether the journal wrote it (the key was still the run's). */
  written: boolean;
  /** How many leases the run said the key may hold (setIfHeld's `held.leases`). */
  leases: number;
}

export interface WatchedRenewals {
  journal: PurchaseJournal;
  /** The renewals so far, in order. */
  readonly renewals: readonly Renewal[];
  /** Resolves once `enough` renewals were written. */
  readonly renewed: Promise<void>;
}

/**
 * `store` with its renewals watched from when `sent()` says the request is out (a late claim's
 * renewal before sending is not one): the `lost`-th lands and its answer is lost.
 */
export function watchedRenewals(
  store: PurchaseJournal,
  { sent, lost, enough }: { sent: () => boolean; lost: number; enough: number },
): WatchedRenewals {
  const renewals: Renewal[] = [];
  let reached!: () => void;
  const renewed = new Promise<void>((resolve) => (reached = resolve));
  const journal: PurchaseJournal = {
    ...store,
    setIfHeld: async (key, record, held, options) => {
      const written = await store.setIfHeld!(key, record, held, options);
      if (record.leaseUntil === undefined || !sent()) return written;
      renewals.push({ lease: record.leaseUntil, written, leases: held.leases.length });
      if (renewals.length === enough) reached();
      if (renewals.length === lost) throw new Error('Connection terminated unexpectedly');
      return written;
    },
  };
  return { journal, renewals, renewed };
}
