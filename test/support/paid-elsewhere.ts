// Another machine took a key over and paid it: played by writing its record into the shared
// journal over the key's claim, as that machine would (settled as not charged, run again, paid),
// or by doing just that through the client.
import type {
  CheckoutKeyOptions,
  CheckoutParams,
  CheckoutRecord,
  PurchaseJournal,
  SeatpayClient,
} from '../../src/index.js';

/** Writes `key` as paid by another machine with `result`; returns the record written. */
export async function recordPaidElsewhere(
  journal: PurchaseJournal,
  key: string,
  result: NonNullable<CheckoutRecord['result']>,
): Promise<CheckoutRecord> {
  const claimed = (await journal.get(key)) as CheckoutRecord;
  const { leaseUntil: _lease, ...rest } = claimed;
  const paidElsewhere: CheckoutRecord = {
    ...rest,
    stage: 'done',
    charged: 'yes',
    result,
    holder: 'another-machine',
    updatedAt: new Date().toISOString(),
  };
  await journal.set(key, paidElsewhere);
  return paidElsewhere;
}

/**
 * `keyed` (its key and shared journal) settled as not charged, as an operator does when its
 * claimer looks gone, then run again and paid; gives that run's result.
 */
export async function settledAndPaidAgain(
  client: SeatpayClient,
  keyed: CheckoutParams & CheckoutKeyOptions & { key: string; journal: PurchaseJournal },
) {
  const { key, journal } = keyed;
  await client.journal.settle(key, { journal, charged: 'no', reason: 'its claimer looks gone' });
  return client.consumables.checkout(keyed);
}
