import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, JournalError } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { useTempFolder } from '../support/temp-folder.js';

// newuser21: `fileJournal('nodir/orders.db')`, its folder missing, failed with SQLite's own
// "Could not open the journal nodir/orders.db: unable to open database file", which reads like a
// permission or a damaged file. It names the missing folder now, and says what to do.

const folder = useTempFolder('seatpay-journal-folder-');

describe('fileJournal in a folder that does not exist', () => {
  it('names the folder, as given, and says to create it', async () => {
    const journal = fileJournal('no-such-folder-newuser21/orders.db');
    const failed = await journal.get('order-1').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(JournalError);
    expect((failed as JournalError).message).toBe(
      'Could not open the journal no-such-folder-newuser21/orders.db: its folder no-such-folder-newuser21 does not exist (fileJournal makes the file, not its folder); create the folder or fix the path, then run again',
    );
    expect((failed as JournalError).path).toBe('no-such-folder-newuser21/orders.db');
    expect(existsSync('no-such-folder-newuser21')).toBe(false);
  });

  it('opens once the folder is made (the next call looks again)', async () => {
    const path = folder.in('later/orders.db');
    const journal = fileJournal(path);
    await expect(journal.get('order-1')).rejects.toThrow(
      `its folder ${folder.in('later')} does not exist`,
    );
    await mkdir(folder.in('later'));
    await expect(journal.get('order-1')).resolves.toBeUndefined();
    journal.close();
  });
});

// newuser21: `fileJournal(process.env.JOURNAL!)`, the variable unset, threw node:path's TypeError
// ("The "paths[0]" argument must be of type string"), no SeatpayError.
describe('fileJournal given no path', () => {
  it.each([
    [undefined, 'undefined'],
    ['', 'an empty string'],
  ])('%j throws InvalidRequestError on `path`', (given, said) => {
    expect(() => fileJournal(given as string)).toThrow(InvalidRequestError);
    expect(() => fileJournal(given as string)).toThrow(
      `fileJournal needs a file's path, not ${said}`,
    );
  });
});
