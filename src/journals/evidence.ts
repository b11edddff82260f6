import type { JournalRecord } from './journal.js';

/** What the service's records say about one key's call. */
export interface Evidence {
  charged: 'yes' | 'no' | 'unknown';
  /** In words, for the operator. */
  evidence: string;
  /** What the record learns when charged is known (the subscription, the checkout's answer). */
  change?: Partial<JournalRecord>;
}
