import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  InvalidRequestError,
  JournalError,
  localStorageJournal,
  memoryJournal,
  type CheckoutParams,
  type PurchaseJournal,
} from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { webStorage } from '../support/web-storage.js';
import { teamOwner } from '../support/team-owner.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// What a journal is given and what it holds: a key that no journal can store apart from another
// (a lone surrogate) is refused before anything is sent; an SQLite database that is another
// program's is never taken as a journal; a claim that lands after its call gave up frees its key.

let server: MockServer;
let dir: string;
let users = 0;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-keys-claims-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function owner() {
  let checkouts = 0;
  // Every checkout POST that leaves the client, whatever becomes of it.
  const counting: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && request.url.endsWith('/v2/payments/consumable/checkout'))
      checkouts++;
    return fetch(request);
  };
  const { client, subscription } = await teamOwner(server, `keys-claims-${++users}@example.com`, {
    fetch: counting,
  });
  const order: CheckoutParams = { service: 'ai-credits', how_many: 2, subscription };
  const posts = () => checkouts;
  return { client, order, posts };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

// Its file journal closed after the test: left open, the garbage collector closed its log file
// with Node's warning (DEP0137) in a later file of the same worker.
const folder = useJournalFolder('seatpay-keys-claims-surrogates-');

describe.each([
  ['memoryJournal', () => memoryJournal()],
  ['localStorageJournal', () => localStorageJournal({ storage: webStorage() })],
  ['fileJournal', () => folder.journalAt(join(folder.dir, 'surrogates.db'))],
])('%s: a key cut inside an emoji', (_name, make: () => PurchaseJournal) => {
  it('is refused before anything is sent, so two such keys never share one record', async () => {
    const { client, order, posts } = await owner();
    const journal = make();
    // '😀' is \uD83D\uDE00: two keys cut in the middle of one, different halves.
    for (const key of ['order-\uD83D', 'order-\uDE00']) {
      const error = await client.consumables
        .checkout({ ...order, key, journal })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).message).toMatch(/lone surrogate/);
      await expect(client.journal.reconcile(key, { journal })).rejects.toThrow(InvalidRequestError);
    }
    expect(posts()).toBe(0);
    // Whole characters are keys like any other.
    await client.consumables.checkout({ ...order, key: 'order-😀', journal });
    expect(await journal.get('order-😀')).toMatchObject({ stage: 'done' });
  });
});

describe('fileJournal on a path that holds something else', () => {
  it('another program’s SQLite database: JournalError naming the file, nothing written, nothing sent', async () => {
    const { client, order, posts } = await owner();
    const path = join(dir, 'app.db');
    const theirs = new DatabaseSync(path);
    theirs.exec(
      "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('Ada')",
    );
    theirs.close();
    const before = await readFile(path);
    const journal = fileJournal(path);
    const error = await client.consumables
      .checkout({ ...order, key: 'k-1', journal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).path).toBe(path);
    expect((error as JournalError).message).toContain(path);
    expect((error as JournalError).message).toContain('not a seatpay journal');
    expect(posts()).toBe(0);
    journal.close();
    // Left as it was: no seatpay table, not turned into WAL.
    expect(await readFile(path)).toEqual(before);
    const again = new DatabaseSync(path);
    expect(again.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all()).toEqual([
      { name: 'customers' },
    ]);
    again.close();
  });

  it('an empty file or a new path is made a journal', async () => {
    const { client, order } = await owner();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'empty.db'), '');
    for (const path of [join(dir, 'empty.db'), join(dir, 'new.db')]) {
      const journal = fileJournal(path);
      await client.consumables.checkout({ ...order, key: `fresh-${path}`, journal });
      expect(await journal.get(`fresh-${path}`)).toMatchObject({ stage: 'done' });
      journal.close();
    }
  });
});

describe('a journal claim slower than its call', () => {
  it('lands after the call gave up: the key is released, and the next run buys once', async () => {
    const { client, order, posts } = await owner();
    const inner = memoryJournal();
    let letClaimLand: () => void = () => undefined;
    const claimAsked = deferred<void>();
    const landed = deferred<boolean>();
    let slow = true;
    const journal: PurchaseJournal = {
      get: (key) => inner.get(key),
      set: (key, record) => inner.set(key, record),
      list: (options) => inner.list!(options),
      claim: (key, record) => {
        if (!slow) return inner.claim!(key, record);
        slow = false;
        claimAsked.resolve();
        // Held until the test lets it land: after the caller's signal fired.
        return new Promise<boolean>((resolve) => {
          letClaimLand = () => {
            const won = inner.claim!(key, record);
            void won.then(landed.resolve);
            resolve(won);
          };
        });
      },
    };
    const controller = new AbortController();
    const call = client.consumables
      .checkout({ ...order, key: 'slow-claim', journal }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await claimAsked.promise;
    controller.abort(new Error('caller gave up'));
    const error = await call;
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).mayHaveBeenProcessed).toBe(false);
    letClaimLand();
    expect(await landed.promise).toBe(true); // the claim did land, after the call ended
    // Before the fix: UnsettledKeyError for ever ("was sent and its outcome is unknown"), 0 POSTs.
    const receipt = await client.consumables.checkout({ ...order, key: 'slow-claim', journal });
    expect(receipt).toMatchObject(latestCheckoutReceipt(server.simulator));
    expect(posts()).toBe(1);
    expect(await inner.get('slow-claim')).toMatchObject({ stage: 'done', charged: 'yes' });
  });
});
