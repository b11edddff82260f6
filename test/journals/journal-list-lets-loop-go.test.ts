import { describe, expect, it } from 'vitest';
import { createClient, memoryJournal, type PurchaseJournal } from '../../src/index.js';

// client.journal.list() reads a journal a page of 500 records at a time: between two pages the
// event loop runs (timers, sockets, a server's other requests). Without that, 100,000 records of
// a memoryJournal held the loop 5.3 s of CPU, a fileJournal's 2.0 s (BENCHMARKS.md, "Ninth pass:
// what holds the event loop"). Checked by the order of events: a callback scheduled while the
// first page is read runs before the second page is asked for.

const record = {
  kind: 'checkout',
  stage: 'done',
  charged: 'yes',
  params: { service: 'ai-credits', how_many: 5, subscription: 7 },
  updatedAt: '2026-11-29T17:00:00.000Z',
} as const;

describe('client.journal.list() of many records', () => {
  it('lets the event loop run between two pages', async () => {
    const client = createClient({ baseUrl: 'http://service.test', token: 'list-token' });
    const inner = memoryJournal();
    for (let i = 0; i < 1_200; i++) await inner.set(`order-${String(i).padStart(4, '0')}`, record);
    const events: string[] = [];
    let pages = 0;
    const journal: PurchaseJournal = {
      get: (key) => inner.get(key),
      set: (key, value) => inner.set(key, value),
      list: async (options) => {
        const page = await inner.list!(options);
        events.push(`page ${++pages}`);
        if (pages === 1) setImmediate(() => events.push('immediate'));
        return page;
      },
    };
    const entries = await client.journal.list({ journal });
    expect(entries.map((entry) => entry.key)).toEqual(
      Array.from({ length: 1_200 }, (_, i) => `order-${String(i).padStart(4, '0')}`),
    );
    expect(events).toEqual(['page 1', 'immediate', 'page 2', 'page 3']);
  });
});

describe('memoryJournal.list() as keys come and go', () => {
  it('pages in ascending order after a set, a claim, a delete and a prune', async () => {
    const journal = memoryJournal();
    const keys = new Set<string>();
    const listed = async () => {
      const all: string[] = [];
      for (let after: string | undefined; ;) {
        const page = await journal.list!({ ...(after === undefined ? {} : { after }), limit: 3 });
        all.push(...page.map((entry) => entry.key));
        if (page.length < 3) return all;
        after = page.at(-1)!.key;
      }
    };
    const expected = () => [...keys].sort();
    for (const key of ['m', 'c', 'x', 'a', 'q', 'e', 'z']) {
      await journal.set(key, record);
      keys.add(key);
    }
    expect(await listed()).toEqual(expected());
    await journal.claim!('b', { ...record, stage: 'sending', charged: 'unknown' });
    keys.add('b');
    expect(await listed()).toEqual(expected());
    await journal.delete!('q');
    keys.delete('q');
    expect(await listed()).toEqual(expected());
    expect(await journal.list!({ after: 'c', limit: 2 })).toMatchObject([
      { key: 'e' },
      { key: 'm' },
    ]);
    expect(await journal.list!({ after: 'zz' })).toEqual([]);
    expect(await journal.prune!(new Date('2027-01-01T00:00:00.000Z'))).toBe(keys.size - 1);
    expect(await listed()).toEqual(['b']);
  });
});

describe('client.journal.list() while keys change between its pages', () => {
  it('lists each key once, and every key there from start to end (keyed on the last key read)', async () => {
    const client = createClient({ baseUrl: 'http://service.test', token: 'list-token' });
    const name = (i: number) => `order-${String(i).padStart(4, '0')}`;
    const inner = memoryJournal();
    for (let i = 0; i < 1_200; i += 2) await inner.set(name(i), record);
    let pages = 0;
    const journal: PurchaseJournal = {
      ...inner,
      list: async (options) => {
        const page = await inner.list!(options);
        if (++pages !== 1) return page;
        // Between the first page and the second: the key the next page starts after removed,
        // keys added before and after it, one after it removed, one after it written again.
        const last = page.at(-1)!.key;
        expect(last).toBe(name(998));
        await inner.delete!(last);
        await inner.set(name(1), record);
        await inner.set(name(999), record);
        await inner.set(name(1_001), record);
        await inner.delete!(name(1_002));
        await inner.set(name(1_004), { ...record, updatedAt: '2026-11-29T18:00:00.000Z' });
        return page;
      },
    };
    const keys = (await client.journal.list({ journal })).map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    const throughout = Array.from({ length: 600 }, (_, i) => name(i * 2)).filter(
      (key) => key !== name(998) && key !== name(1_002),
    );
    for (const key of throughout) expect(keys).toContain(key);
    expect(keys).toContain(name(999)); // added after the cursor: read with its page
    expect(keys).not.toContain(name(1)); // added before it: the next list shows it
    expect([...keys].sort()).toEqual(keys);
  });
});
