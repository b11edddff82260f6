import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JournalError,
  KeyOwnerError,
  KeyReuseError,
  memoryJournal,
  PurchaseError,
  type ClientOptions,
  type JournalRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer, type MockUser } from '../../src/mock/index.js';
import { creditsOwner, userClient } from '../support/team-owner.js';
import { outcomeOf } from '../support/outcome.js';

// Issue 26, items 1, 4 and 13: a key belongs to who used it (another token, another identity is
// refused, never replayed; no token, nor a plain hash of one, is recorded), a journal records
// nothing of the client's secrets, and a record is replayed only as its own kind. Charges are
// counted in the simulator's log. Run alone:
//   npx vitest run test/reliability/keyed-identity.test.ts

const CARD = { card_number: '4242424242424242', cvc: '123' };

let server: MockServer;
let dir: string;
let users = 0;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-identity-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const clientOf = (user: MockUser, options: ClientOptions = {}) => userClient(server, user, options);

/** A user with a PER_TEAM subscription, and the order of 5 AI credits for it. */
const owner = () => creditsOwner(server, `identity-${++users}@example.com`);

describe('a key belongs to the identity that used it (item 1)', () => {
  it("another token on a withOptions client: A's checkout is refused to B, never replayed", async () => {
    const a = await owner();
    const b = server.simulator.addUser({ email: `identity-b-${++users}@example.com` });
    const first = await a.client.consumables.checkout({ ...a.order, key: 'topup-1' });
    const other = a.client.withOptions({ token: b.token });
    const { value, error } = await outcomeOf(
      other.consumables.checkout({ ...a.order, key: 'topup-1' }),
    );
    expect(value).toBeUndefined();
    expect(error).toBeInstanceOf(KeyOwnerError);
    expect(error).toBeInstanceOf(KeyReuseError);
    expect((error as Error).message).toMatch(/belongs to another identity/);
    // A still gets its own answer back.
    expect(await a.client.consumables.checkout({ ...a.order, key: 'topup-1' })).toEqual(first);
    expect(a.charges('consumable-checkout')).toBe(1);
  });

  it("another token on a withOptions client: A's purchase is refused to B, nothing paid", async () => {
    const a = await owner();
    const b = server.simulator.addUser({ email: `identity-b-${++users}@example.com` });
    const buy = { plan: 'personal', card: CARD, chosen_period: 'MONTH' as const, pollInterval: 5 };
    await a.client.purchase({ ...buy, key: 'order-1' });
    const { error } = await outcomeOf(
      a.client.withOptions({ token: b.token }).purchase({ ...buy, key: 'order-1' }),
    );
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ charged: 'no' });
    expect((error as PurchaseError).cause).toBeInstanceOf(KeyOwnerError);
    expect(server.simulator.charges.filter((c) => c.user === b.id)).toHaveLength(0);
  });

  it('the record names its owner by a MAC under a slowly derived secret: never the token, nor its plain hash', async () => {
    const a = await owner();
    const path = join(dir, 'owner.json');
    await a.client.consumables.checkout({ ...a.order, key: 'k', journal: fileJournal(path) });
    const text = await journalBytes(dir);
    const record = (await fileJournal(path).get('k'))!;
    expect(record.owner).toMatch(/^hmac-sha256:v2:/);
    // One key's owner says nothing of another's: the MAC is of the key.
    await a.client.consumables.checkout({ ...a.order, key: 'k2', journal: fileJournal(path) });
    expect((await fileJournal(path).get('k2'))!.owner).not.toBe(record.owner);
    for (const encoding of ['hex', 'base64', 'base64url'] as const) {
      expect(text).not.toContain(createHash('sha256').update(a.user.token).digest(encoding));
    }
    expect(text).not.toContain(a.user.token);
  });

  it('a token provider whose tokens rotate: the same `identity` replays, a new token alone is refused', async () => {
    const a = await owner();
    const journal = memoryJournal();
    const keyed = { ...a.order, key: 'rotate', journal };
    const before = clientOf(a.user, { token: () => a.user.token });
    const first = await before.consumables.checkout({ ...keyed, identity: 'user-42' });
    // The same user after its token was refreshed: known by its identity, nothing sent.
    const after = clientOf(a.user, { token: async () => 'refreshed-token-2' });
    const again = await after.consumables.checkout({ ...keyed, identity: 'user-42' });
    const { error } = await outcomeOf(after.consumables.checkout(keyed));
    expect(again).toEqual(first);
    expect(error).toBeInstanceOf(KeyOwnerError);
    expect(a.charges('consumable-checkout')).toBe(1);
  });

  it('a record written before owners were kept is still honoured for its key', async () => {
    const a = await owner();
    const journal = memoryJournal();
    const first = await a.client.consumables.checkout({ ...a.order, key: 'old', journal });
    const { owner: _dropped, ...legacy } = (await journal.get('old'))!;
    await journal.set('old', legacy as JournalRecord);
    const replay = await a.client.consumables.checkout({ ...a.order, key: 'old', journal });
    expect(replay).toEqual(first);
    expect(a.charges('consumable-checkout')).toBe(1);
  });

  it('a record whose owner main wrote (PBKDF2 per key) is replayed to its token, refused to another', async () => {
    const a = await owner();
    const journal = memoryJournal();
    const first = await a.client.consumables.checkout({ ...a.order, key: 'main', journal });
    // The owner as main (57dd353) wrote it: PBKDF2-SHA-256, 100,000 rounds, salted with the key.
    const digest = pbkdf2Sync(
      `token:${a.user.token}`,
      'seatpay-key-owner:main',
      100_000,
      32,
      'sha256',
    );
    const mainOwner = `pbkdf2-sha256:100000:${digest.toString('base64').replace(/=+$/, '')}`;
    await journal.set('main', { ...(await journal.get('main'))!, owner: mainOwner });
    expect(await a.client.consumables.checkout({ ...a.order, key: 'main', journal })).toEqual(
      first,
    );
    const b = server.simulator.addUser({ email: `identity-b-${++users}@example.com` });
    const { error } = await outcomeOf(
      a.client
        .withOptions({ token: b.token })
        .consumables.checkout({ ...a.order, key: 'main', journal }),
    );
    expect(error).toBeInstanceOf(KeyOwnerError);
    expect(a.charges('consumable-checkout')).toBe(1);
  });

  it('the owner is written exactly as main wrote it (HMAC-SHA-256 under one PBKDF2), so its records still read', async () => {
    const a = await owner();
    const journal = memoryJournal();
    await a.client.consumables.checkout({ ...a.order, key: 'hmac', journal });
    await a.client.consumables.checkout({ ...a.order, key: 'hmac-id', journal, identity: 'u-7' });
    // As main (34f8bb2) wrote it with Web Crypto: the MAC now runs in plain JavaScript.
    const ownerOf = (who: string, key: string) => {
      const secret = pbkdf2Sync(who, 'seatpay-key-owner-secret:v2', 100_000, 32, 'sha256');
      const mac = createHmac('sha256', secret).update(`seatpay-key-owner:${key}`).digest('base64');
      return `hmac-sha256:v2:${mac.replace(/=+$/, '')}`;
    };
    expect((await journal.get('hmac'))!.owner).toBe(ownerOf(`token:${a.user.token}`, 'hmac'));
    expect((await journal.get('hmac-id'))!.owner).toBe(ownerOf('identity:u-7', 'hmac-id'));
    expect(a.charges('consumable-checkout')).toBe(2);
  });

  it('owners of keys of one, two and three blocks, long before short: each is Node’s HMAC (the MAC’s reused buffers)', async () => {
    const a = await owner();
    const journal = memoryJournal();
    // "seatpay-key-owner:" and the key, padded: 2 blocks for 40 and 101 characters, 3 for 120,
    // then 1: a buffer the last hash left dirty would change the short one's owner. A key of 300
    // UTF-8 bytes is past the reused message buffer, then short ones with letters of 2 and 3 bytes.
    const keys = ['b'.repeat(101), 'c'.repeat(120), 'é'.repeat(150), 'd'.repeat(40), 'e', 'ü鍵'];
    for (const key of keys) await a.client.consumables.checkout({ ...a.order, key, journal });
    const secret = pbkdf2Sync(
      `token:${a.user.token}`,
      'seatpay-key-owner-secret:v2',
      100_000,
      32,
      'sha256',
    );
    for (const key of keys) {
      const mac = createHmac('sha256', secret).update(`seatpay-key-owner:${key}`).digest('base64');
      expect((await journal.get(key))!.owner, key).toBe(`hmac-sha256:v2:${mac.replace(/=+$/, '')}`);
    }
  });

  it('a client’s later keyed calls, identities and its token mixed: each owner is Node’s HMAC under its own secret', async () => {
    const a = await owner();
    const journal = memoryJournal();
    // The first call of each identity (and of the token) derives its secret; the later ones take
    // it as derived (keycost18): never another's.
    const calls: [string, string | undefined][] = [
      ['id-1', 'u-8'],
      ['tok-1', undefined],
      ['id-2', 'u-8'],
      ['tok-2', undefined],
      ['id-3', 'u-9'],
      ['id-4', 'u-8'],
      ['tok-3', undefined],
    ];
    for (const [key, identity] of calls) {
      await a.client.consumables.checkout({ ...a.order, key, journal, identity });
    }
    const secretOf = (who: string) =>
      pbkdf2Sync(who, 'seatpay-key-owner-secret:v2', 100_000, 32, 'sha256');
    for (const [key, identity] of calls) {
      const who = identity === undefined ? `token:${a.user.token}` : `identity:${identity}`;
      const mac = createHmac('sha256', secretOf(who)).update(`seatpay-key-owner:${key}`);
      const expected = `hmac-sha256:v2:${mac.digest('base64').replace(/=+$/, '')}`;
      expect((await journal.get(key))!.owner, key).toBe(expected);
    }
    // Replayed to its own identity by a fresh client, refused to another.
    const fresh = clientOf(a.user);
    const again = await fresh.consumables.checkout({
      ...a.order,
      key: 'id-4',
      journal,
      identity: 'u-8',
    });
    const recorded = (await journal.get('id-4')) as { result?: unknown } | undefined;
    expect(again).toEqual(recorded?.result);
    const { error } = await outcomeOf(
      fresh.consumables.checkout({ ...a.order, key: 'id-4', journal, identity: 'u-9' }),
    );
    expect(error).toBeInstanceOf(KeyOwnerError);
    expect(a.charges('consumable-checkout')).toBe(calls.length);
  });

  it('identity must be a non-empty string: InvalidRequestError, nothing read', async () => {
    const a = await owner();
    const journal = memoryJournal();
    const { error } = await outcomeOf(
      a.client.consumables.checkout({ ...a.order, key: 'k', journal, identity: '' }),
    );
    expect(error).toMatchObject({ name: 'InvalidRequestError', field: 'identity' });
  });
});

describe('a journal records nothing of the client secrets (item 4)', () => {
  it('a checkout answer that echoes the token: the fileJournal file never holds it', async () => {
    const a = await owner();
    const echoing: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const body = (await answer.json()) as Record<string, unknown>;
      const headers = answer.headers;
      return new Response(JSON.stringify({ ...body, note: `sent by ${a.user.token}` }), {
        status: answer.status,
        headers,
      });
    };
    const path = join(dir, 'echo.json');
    const client = clientOf(a.user, { fetch: echoing });
    await client.consumables.checkout({ ...a.order, key: 'echo', journal: fileJournal(path) });
    expect(JSON.stringify(await fileJournal(path).get('echo'))).toContain('sent by');
    const text = await journalBytes(dir);
    expect(text).toContain('sent by');
    expect(text).not.toContain(a.user.token);
  });
});

describe('a replayed record is checked as its own kind (item 13)', () => {
  it.each([
    ['a string', 'paid'],
    ['null', null],
    ['a wrong shape', { id: 'seven', amount: [] }],
  ])('a checkout record whose result is %s: JournalError, nothing bought', async (_, result) => {
    const a = await owner();
    const journal = memoryJournal();
    const record = { kind: 'checkout', stage: 'done', charged: 'yes', params: a.order, result };
    await journal.set('edited', {
      ...record,
      updatedAt: '2026-01-01T00:00:00Z',
    } as unknown as JournalRecord);
    const { value, error } = await outcomeOf(
      a.client.consumables.checkout({ ...a.order, key: 'edited', journal }),
    );
    expect(value).toBeUndefined();
    expect(error).toBeInstanceOf(JournalError);
    expect((error as Error).message).toMatch(/wrong result/);
    expect(a.charges('consumable-checkout')).toBe(0);
  });

  it('a purchase record whose subscription is a string: PurchaseError caused by JournalError', async () => {
    const a = await owner();
    const journal: PurchaseJournal = memoryJournal();
    const buy = { plan: 'personal', card: CARD, chosen_period: 'MONTH' as const, pollInterval: 5 };
    await a.client.purchase({ ...buy, key: 'p', journal });
    const recorded = (await journal.get('p'))!;
    await journal.set('p', { ...recorded, subscription: 'sub-1' } as unknown as JournalRecord);
    const paid = a.charges('payment');
    const { value, error } = await outcomeOf(a.client.purchase({ ...buy, key: 'p', journal }));
    expect(value).toBeUndefined();
    expect((error as PurchaseError).cause).toBeInstanceOf(JournalError);
    expect(((error as PurchaseError).cause as Error).message).toMatch(/wrong subscription/);
    expect(a.charges('payment')).toBe(paid);
  });
});

/** Every byte the file journals in `folder` hold (the database, its WAL and any other file), as text. */
async function journalBytes(folder: string): Promise<string> {
  const names = await readdir(folder);
  const texts = await Promise.all(names.map((name) => readFile(join(folder, name), 'latin1')));
  return texts.join('\n');
}
