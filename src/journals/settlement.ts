/**
 * How an unknown outcome was settled: by the service's evidence (`client.journal.reconcile`) or an
 * operator (`client.journal.settle`), with when and why. `charged: 'no'` frees the key.
 *
 * @example
 * ```ts
 * const settlement: Settlement = { charged: 'no', at: new Date().toISOString(), reason: 'bank statement', by: 'operator' };
 * ```
 * @category Helpers
 */
export interface Settlement {
  /** Whether the money moved, as decided. */
  charged: 'yes' | 'no';
  /** When it was decided (ISO 8601). */
  at: string;
  /** Why: the evidence, or the operator's reason. */
  reason: string;
  /** Who decided: the service's own records, or an operator. */
  by: 'operator' | 'service';
}
