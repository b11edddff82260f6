import { randomBytes } from 'node:crypto';
import { open, readFile, rename } from 'node:fs/promises';
import {
  parseRecord,
  type PurchaseJournal,
  type PurchaseRecord,
} from '../helpers/purchase/journal.js';
import { SeatpayError } from '../core/errors/seatpay-error.js';
import { withFileLock } from './file-lock.js';

/**
 * A journal in one JSON file, for scripts: a purchase whose process died (a crash, a kill, a
 * reboot) is never paid twice, and two processes sharing the file cannot both pay for one key.
 * Every write goes to a temporary file, is flushed, then renamed over `path`, so a reader sees the
 * old file or the new one, never half of one; writers take `path + '.lock'` (created
 * exclusively; a lock left by a dead process is broken).
 *
 * @example
 * ```ts
 * import { fileJournal } from 'seatpay/node';
 *
 * const journal = fileJournal('./purchases.json');
 * const result = await client.purchase({
 *   plan: 'team-per-seat',
 *   team_seats: 3,
 *   card,
 *   chosen_period: 'MONTH',
 *   key: `order-${orderId}`,
 *   journal,
 * });
 * ```
 * @category Node
 */
export function fileJournal(path: string): PurchaseJournal {
  const update = (change: (records: Record<string, PurchaseRecord>) => boolean) =>
    withFileLock(`${path}.lock`, async () => {
      const records = await readRecords(path);
      if (!change(records)) return false;
      await writeAtomically(path, JSON.stringify(records, null, 2));
      return true;
    });
  return {
    get: async (key) => {
      const found = (await readRecords(path))[key];
      return found === undefined ? undefined : parseRecord(JSON.stringify(found));
    },
    set: async (key, record) => {
      await update((records) => ((records[key] = record), true));
    },
    claim: (key, record) =>
      update((records) => {
        if (key in records) return false;
        records[key] = record;
        return true;
      }),
  };
}

async function readRecords(path: string): Promise<Record<string, PurchaseRecord>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch (error) {
    // Never start afresh over a damaged journal: its records are what stops a second charge.
    throw new SeatpayError(`The purchase journal ${path} is not JSON; fix or move it`, {
      cause: error,
    });
  }
  return typeof records === 'object' && records !== null
    ? (records as Record<string, PurchaseRecord>)
    : {};
}

/** Temp file in the same directory (a rename across file systems is not atomic), flushed, renamed. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}
