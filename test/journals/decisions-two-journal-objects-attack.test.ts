// Decisions on one key ran one after the other only per journal object. An admin page that opens
// its journal per request (`fileJournal(path)` in the handler) had two objects on one file: two
// decisions at once on a record that names no claim (written by 0.1.0 or an earlier build) both
// read it unknown, both wrote, "not charged" landed over "charged", each operator was told it
// decided, and the next run paid again. The journals seatpay ships name their store: decisions on
// a key of one file (one PostgreSQL table) take turns in the process, whichever object.
import { mkdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJournalFolder } from '../support/file-journal-folder.js';
import {
  earlierBuildLostAnswer,
  expectOneSettleLands,
} from '../support/earlier-build-decisions.js';

const folder = useJournalFolder('seatpay-two-journal-objects-');

describe('two fileJournal objects on one file, two decisions on one key at once', () => {
  const open = () => {
    const path = join(folder.dir, 'orders.db');
    return [folder.journalAt(path), folder.journalAt(path)] as const;
  };

  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const [first, second] = open();
    const lost = await earlierBuildLostAnswer('two-files@example.com', first, second);
    await expectOneSettleLands(lost, first, second);
  });

  it("reconcile's finding of the charge, then settle 'not charged': refused", async () => {
    const [first, second] = open();
    const { client, keyed, charges } = await earlierBuildLostAnswer(
      'file-rec@example.com',
      first,
      second,
    );
    const [found, notCharged] = await Promise.allSettled([
      client.journal.reconcile(keyed.key, { journal: first }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'none', journal: second }),
    ]);
    expect(found).toMatchObject({ status: 'fulfilled', value: { charged: 'yes' } });
    expect(notCharged.status).toBe('rejected');
    expect(await second.get(keyed.key)).toMatchObject({ stage: 'done', charged: 'yes' });
    await client.consumables.checkout({ ...keyed, journal: second }); // replayed
    expect(charges()).toBe(1);
  });
});

// One file through a symlinked folder (a deploy's `current -> releases/42`, a data folder linked
// into the app) is the one file SQLite opens either way: its decisions took no turns, one object
// named by each spelling of the path. The folder's real path names the store now.
describe('one file through a symlinked folder and its real path, two decisions at once', () => {
  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const real = join(folder.dir, 'data');
    mkdirSync(real);
    symlinkSync(real, join(folder.dir, 'linked'));
    const first = folder.journalAt(join(real, 'orders.db'));
    const second = folder.journalAt(join(folder.dir, 'linked', 'orders.db'));
    const lost = await earlierBuildLostAnswer('linked-folder@example.com', first, second);
    await expectOneSettleLands(lost, first, second);
  });
});

// The same, the journal made (at the app's start) before its folder was: its name was the path as
// given, the other's the real one, and the two decisions took no turns. Named when deciding now.
describe('a journal made before its folder, through a symlink, and one by the real path', () => {
  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const real = join(folder.dir, 'later');
    mkdirSync(real);
    symlinkSync(real, join(folder.dir, 'linked-later'));
    const first = folder.journalAt(join(folder.dir, 'linked-later', 'sub', 'orders.db'));
    mkdirSync(join(real, 'sub'));
    const second = folder.journalAt(join(real, 'sub', 'orders.db'));
    const lost = await earlierBuildLostAnswer('folder-later@example.com', first, second);
    await expectOneSettleLands(lost, first, second);
  });
});

/** Two releases' folders, and `current` leading to the first (42's). */
function releases() {
  const [old, next] = [join(folder.dir, 'releases-42'), join(folder.dir, 'releases-43')];
  mkdirSync(old);
  mkdirSync(next);
  const current = join(folder.dir, 'current');
  symlinkSync(old, current);
  return { old, next, current };
}

/** A deploy: `current` leads to `next` from now on. */
function flip(current: string, next: string): void {
  unlinkSync(current);
  symlinkSync(next, current);
}

// A deploy flips the symlink (`current -> releases/42`, then `current -> releases/43`) while a
// journal opened through it still has 42's file open: its decisions still land in that file, but
// it was named by where the path leads now (43's), and took no turns with a journal on 42's file
// by its real path. It is named by the file it opened until it is closed.
describe('a journal opened through a symlink flipped since (a deploy), and one on the old file', () => {
  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const { old, next, current } = releases();
    const first = folder.journalAt(join(current, 'orders.db'));
    const second = folder.journalAt(join(old, 'orders.db'));
    const lost = await earlierBuildLostAnswer('deploy-flip@example.com', first, second);
    flip(current, next); // the deploy
    await expectOneSettleLands(lost, first, second);
  });
});

// The deploy flips the symlink while the journal is opening (its first call made, the file not
// open yet): SQLite opens where the path leads by then (43's file), but the journal was named by
// where it led when the call was made (42's), and took no turns with a journal on 43's file by its
// real path. It is named by the file the open found.
describe('a journal whose symlink flipped while it opened, and one on the new file', () => {
  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const { next, current } = releases();
    const first = folder.journalAt(join(current, 'orders.db'));
    const opening = first.get('first-read');
    flip(current, next); // the deploy, as the open goes on
    await opening;
    const second = folder.journalAt(join(next, 'orders.db'));
    const lost = await earlierBuildLostAnswer('deploy-flip-opening@example.com', first, second);
    await expectOneSettleLands(lost, first, second);
  });
});
