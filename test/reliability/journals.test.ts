import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  createClient,
  JournalError,
  KeyReuseError,
  memoryJournal,
  PurchaseError,
  SeatpayError,
  type PurchaseJournal,
  type PurchaseOptions,
} from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { startMockServer, type MockServer, type MockUser } from '../../src/mock/index.js';
import { printTable } from './support/faults-figures.js';
import { TEAM_PURCHASE } from './support/team-purchase.js';

// Journals that fail loudly: foreign or damaged content, files that are directories or symlinks,
// locks that are not files or hold garbage, journals that never settle, keys that name
// Object.prototype's members, a key reused for another purchase, and the default journal shared
// with withOptions clients. Every case counts the charges in the simulator's log. A read-only
// folder, run as another user when root, is journals-read-only-folder.full.test.ts. Run alone:
//   npx vitest run test/reliability/journals.test.ts

const BUY: PurchaseOptions = {
  ...TEAM_PURCHASE,
  pollInterval: 10,
  waitTimeout: 3_000,
};

let server: MockServer;
let dir: string;
let users = 0;
const rows: (string | number)[][] = [];

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 20 });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-journals-'));
});
afterEach(() => void vi.useRealTimers());
afterAll(async () => {
  printTable('Journal attacks', ['attack', 'outcome', 'payments'], rows);
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function buyer(): { user: MockUser; client: ReturnType<typeof createClient> } {
  const user = server.simulator.addUser({ email: `journal-${++users}@example.com` });
  const client = createClient({
    baseUrl: server.url,
    token: () => user.token,
    retryBaseDelay: 1,
    logLevel: 'off',
  });
  return { user, client };
}

const paymentsOf = (user: MockUser) =>
  server.simulator.charges.filter((c) => c.kind === 'payment' && c.user === user.id);

let files = 0;
const freshPath = () => join(dir, `journal-${++files}.json`);

/** The PurchaseError a purchase rejects with. */
async function failure(run: Promise<unknown>): Promise<PurchaseError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PurchaseError);
  return error as PurchaseError;
}

describe('the default journal of a key', () => {
  it('is shared with every withOptions client: a re-run there pays nothing', async () => {
    const { user, client } = buyer();
    const first = await client.purchase({ ...BUY, key: 'order-shared' });
    const derived = client.withOptions({ timeout: 5_000 }).withOptions({ maxRetries: 1 });
    const again = await derived.purchase({ ...BUY, key: 'order-shared' });
    rows.push([
      'key re-run on withOptions().withOptions()',
      'same subscription',
      paymentsOf(user).length,
    ]);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(paymentsOf(user)).toHaveLength(1);
  });
});

describe('a fileJournal holding something else fails before anything is sent', () => {
  const foreign: [string, string][] = [
    ['an empty array', '[]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"purchases"'],
    ['true', 'true'],
    ['garbage bytes', '\u0000\u00ff{{not json'],
    ['a record that is not one', '{"order-f": 1}'],
    ['an object that is no record', '{"order-f": {"hello": "world"}}'],
  ];
  it.each(foreign)(
    '%s: JournalError naming the file, file untouched, nothing paid',
    async (label, text) => {
      const { user, client } = buyer();
      const path = freshPath();
      await writeFile(path, text);
      const error = await failure(
        client.purchase({ ...BUY, key: 'order-f', journal: fileJournal(path) }),
      );
      rows.push([
        `journal file holds ${label}`,
        `${error.name} caused by ${(error.cause as Error).name}`,
        paymentsOf(user).length,
      ]);
      expect(error.charged).toBe('no');
      expect(error.step).toBe('plan'); // the journal is read first: not even the plan was read
      expect(error.cause).toBeInstanceOf(JournalError);
      expect(error.cause).toBeInstanceOf(SeatpayError);
      expect((error.cause as JournalError).path).toBe(path);
      expect((error.cause as JournalError).message).toContain(path);
      expect(await readFile(path, 'utf8')).toBe(text);
      expect(paymentsOf(user)).toHaveLength(0);
    },
  );

  it('a directory or a dangling symlink where the file should be: JournalError, nothing paid', async () => {
    const { user, client } = buyer();
    const asDirectory = freshPath();
    await mkdir(asDirectory);
    const dangling = freshPath();
    await symlink(join(dir, 'nowhere', 'at-all.json'), dangling);
    const under = join(freshPath(), 'purchases.json');
    await writeFile(join(under, '..'), 'a file, not a folder');
    const cases: [string, string][] = [
      ['a directory', asDirectory],
      ['a dangling symlink', dangling],
      ['under a file', under],
    ];
    for (const [label, path] of cases) {
      const error = await failure(
        client.purchase({ ...BUY, key: 'order-d', journal: fileJournal(path) }),
      );
      rows.push([
        `journal path is ${label}`,
        `PurchaseError caused by ${(error.cause as Error).name}`,
        0,
      ]);
      expect(error.cause).toBeInstanceOf(JournalError);
      expect((error.cause as JournalError).message).toContain(path);
    }
    expect(paymentsOf(user)).toHaveLength(0);
  });

  it('an empty file is a journal with no records yet', async () => {
    const { user, client } = buyer();
    const path = freshPath();
    await writeFile(path, '');
    await client.purchase({ ...BUY, key: 'order-e', journal: fileJournal(path) });
    expect((await fileJournal(path).list!()).map((entry) => entry.key)).toEqual(['order-e']);
    expect(paymentsOf(user)).toHaveLength(1);
  });
});

describe('a journal of your own that misbehaves', () => {
  it.each([
    ['get gives back something that is no record', { get: async () => 'paid' }],
    ['claim fails', { claim: () => Promise.reject(new Error('disk full')) }],
    [
      'get throws synchronously',
      {
        get: () => {
          throw new Error('no connection');
        },
      },
    ],
  ])('%s: JournalError before paying', async (label, broken) => {
    const { user, client } = buyer();
    const journal = { ...memoryJournal(), ...broken } as PurchaseJournal;
    const error = await failure(client.purchase({ ...BUY, key: 'order-o', journal }));
    rows.push([
      `own journal: ${label}`,
      `PurchaseError caused by ${(error.cause as Error).name}`,
      paymentsOf(user).length,
    ]);
    expect(error.charged).toBe('no');
    expect(error.cause).toBeInstanceOf(JournalError);
    expect((error.cause as Error).message).toContain('order-o');
    expect(paymentsOf(user)).toHaveLength(0);
  });
});

describe('a refused purchase, then two re-runs with its key at once', () => {
  it('on two clients and two journals of one file: one pays, the other ends with its subscription', async () => {
    const { user, client } = buyer();
    const path = freshPath();
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'status', status: 400 });
    const refused = await failure(
      client.purchase({ ...BUY, key: 'order-t', journal: fileJournal(path) }),
    );
    expect(refused.charged).toBe('no');
    const other = createClient({ baseUrl: server.url, token: () => user.token, logLevel: 'off' });
    const [a, b] = await Promise.all([
      client.purchase({ ...BUY, key: 'order-t', journal: fileJournal(path) }),
      other.purchase({ ...BUY, key: 'order-t', journal: fileJournal(path) }),
    ]);
    rows.push(['refused, then two re-runs at once', 'same subscription', paymentsOf(user).length]);
    expect(b.subscription.id).toBe(a.subscription.id);
    expect(paymentsOf(user)).toHaveLength(1);
  });
});

describe('keys that name members of Object.prototype', () => {
  const keys = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
  it('each buys once with fileJournal, and a re-run with it resolves to the same subscription', async () => {
    const { user, client } = buyer();
    const path = freshPath();
    for (const key of keys) {
      const first = await client.purchase({ ...BUY, key, journal: fileJournal(path) });
      const again = await createClient({
        baseUrl: server.url,
        token: user.token,
        logLevel: 'off',
      }).purchase({ ...BUY, key, journal: fileJournal(path) });
      expect(again.subscription.id).toBe(first.subscription.id);
    }
    rows.push([
      `keys ${keys.join(', ')} (each run twice)`,
      'one charge each',
      paymentsOf(user).length,
    ]);
    expect(paymentsOf(user)).toHaveLength(keys.length);
    const stored = await fileJournal(path).list!();
    expect(stored.map((entry) => entry.key).sort()).toEqual([...keys].sort());
  });
});

describe('a key reused for another purchase', () => {
  it.each([
    ['team_seats', { team_seats: 3 }],
    ['plan', { plan: 'team-per-team' }],
    ['chosen_period', { chosen_period: 'YEAR' as const }],
  ])(
    'with another %s: KeyReuseError naming the key and the field, nothing sent',
    async (field, change) => {
      const { user, client } = buyer();
      const journal = memoryJournal();
      await client.purchase({ ...BUY, key: 'order-k', journal });
      const error = await failure(client.purchase({ ...BUY, ...change, key: 'order-k', journal }));
      rows.push([`key reused with another ${field}`, 'KeyReuseError', paymentsOf(user).length]);
      expect(error.charged).toBe('no');
      expect(error.cause).toBeInstanceOf(KeyReuseError);
      expect(error.cause).toMatchObject({ key: 'order-k', differences: [field] });
      expect((error.cause as Error).message).toContain('order-k');
      expect(paymentsOf(user)).toHaveLength(1);
    },
  );
});

/** A journal whose chosen method never settles, and that says when it was called. */
function stuckJournal(stuck: 'get' | 'claim' | 'set', called: () => void): PurchaseJournal {
  const real = memoryJournal();
  const never = () => {
    called();
    return new Promise<never>(() => undefined);
  };
  return {
    get: stuck === 'get' ? never : real.get,
    claim: stuck === 'claim' ? never : real.claim!,
    // The first set after claiming is 'paid': stuck only once the money moved.
    set: stuck === 'set' ? never : real.set,
  };
}

describe('a journal that never settles', () => {
  it.each([
    ['get', 'no'],
    ['claim', 'no'],
    ['set', 'yes'],
  ] as const)(
    '%s: the purchase rejects once its signal fires (charged %s)',
    async (stuck, charged) => {
      const { user, client } = buyer();
      const controller = new AbortController();
      const journal = stuckJournal(stuck, () =>
        controller.abort(new Error('gave up on the journal')),
      );
      const error = await failure(
        client.purchase({ ...BUY, key: 'order-s', journal, signal: controller.signal }),
      );
      rows.push([
        `journal ${stuck} never settles, then abort`,
        `${error.cause?.constructor.name} (charged ${error.charged})`,
        paymentsOf(user).length,
      ]);
      expect(error.cause).toBeInstanceOf(AbortError);
      expect(error.charged).toBe(charged);
      expect(paymentsOf(user)).toHaveLength(charged === 'yes' ? 1 : 0);
    },
  );
});

describe('the caller gives up right after the pay answer came', () => {
  it('the journal still records the payment (paid), and the purchase says charged yes', async () => {
    const user = server.simulator.addUser({ email: `journal-${++users}@example.com` });
    const controller = new AbortController();
    // The pay answer is handed over, and the signal fires right after (an answer that comes
    // after the signal fired is no answer: the call is raced with its signal).
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await globalThis.fetch(request);
      if (!request.url.endsWith('/v1/payments/pay')) return response;
      const text = await response.text();
      setTimeout(() => controller.abort(), 0);
      return new Response(text, response);
    };
    const client = createClient({ baseUrl: server.url, token: user.token, fetch, logLevel: 'off' });
    const journal = memoryJournal();
    const error = await failure(
      client.purchase({ ...BUY, exclude: [], key: 'order-p', journal, signal: controller.signal }),
    );
    expect(error.charged).toBe('yes');
    expect(await journal.get('order-p')).toMatchObject({ stage: 'paid', charged: 'yes' });
    expect(paymentsOf(user)).toHaveLength(1);
  });
});
