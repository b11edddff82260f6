// A worker's fileJournal whose path no longer names the database it opened (the file deleted,
// renamed away, a symlink pointed elsewhere) gets a key again: an at-least-once queue's second
// delivery. Its claim would land where no other process looks: it must fail before anything is sent.
import { expect } from 'vitest';
import { JournalError } from '../../../src/index.js';

/** Checks that `checkout` (a keyed call on such a journal) failed unsent, the path named. */
export async function expectRefusedElsewhere(checkout: Promise<unknown>): Promise<void> {
  const error = await checkout.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(JournalError);
  expect((error as JournalError).message).toMatch(/no longer the file at/);
  expect((error as JournalError).mayHaveBeenProcessed).toBe(false);
}
