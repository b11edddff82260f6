// Another machine took a key over and paid it: played by writing its record into the shared
// journal over the key's claim, as that machine would (settled as not charged, run again, paid).
import type { CheckoutRecord, PurchaseJournal } from '../../src/index.js';

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
