// The helpers run the caller's own code: `purchase`'s onStep, `waitFor`'s onPoll and match,
// `media.upload`'s onProgress and onChunk and its resume store. Whatever that code throws (a
// string quoting the token, null, a Proxy whose every trap throws), the call rejects with a
// SeatpayError that holds it as its cause, prints without the token, and a purchase's error still
// says whether the card was charged. In memory: every request goes to the simulator's handler.
import { inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PurchaseError,
  SeatpayError,
  UploadError,
  type PurchaseOptions,
  type SeatpayClient,
  type UploadStore,
} from '../../src/index.js';
import { createSimulator, type Simulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { showsSecret } from '../support/secret-text.js';
import { teamPurchase } from '../support/team-purchase.js';

let simulator: Simulator;
let client: SeatpayClient;
let token: string;
let files = 0;
const warnings: string[] = [];

beforeAll(() => {
  simulator = createSimulator({ subscriptionDelayMs: 1 });
  ({ token } = simulator.addUser({ email: 'callbacks@example.com' }));
  const logger = { ...console, warn: (...parts: unknown[]) => void warnings.push(parts.join(' ')) };
  client = inMemoryClient(simulator, token, { logLevel: 'warn', logger });
});

/** What the caller's code throws: each a way to break a careless catch block. */
const THROWN: Record<string, () => unknown> = {
  'a string quoting the token': () => `refresh failed for ${token}`,
  null: () => null,
  'a Proxy whose every trap throws': () =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`trap ${token}`);
        },
        getPrototypeOf: () => {
          throw new Error(`trap ${token}`);
        },
        ownKeys: () => {
          throw new Error(`trap ${token}`);
        },
        getOwnPropertyDescriptor: () => {
          throw new Error(`trap ${token}`);
        },
      },
    ),
};
const thrower = (kind: string) => () => {
  throw THROWN[kind]!();
};

/** Everything a user may print of an error. */
function printed(error: unknown): string {
  return [
    inspect(error, { depth: null, showHidden: true }),
    String(error),
    JSON.stringify(error),
    (error as Error).stack,
  ].join('\n');
}

async function failureOf(call: Promise<unknown>): Promise<SeatpayError> {
  const error: unknown = await call.then(
    () => 'resolved',
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SeatpayError);
  expect(showsSecret(printed(error), token)).toBe(false);
  return error as SeatpayError;
}

/** A one-seat PER_SEAT purchase polled every 1 ms, its steps reported to `onStep`. */
const purchaseWith = (onStep: PurchaseOptions['onStep']): PurchaseOptions => ({
  ...teamPurchase(1),
  plan: 'team-per-seat',
  team_seats: 1,
  onStep,
});
const charges = () => simulator.charges.filter((charge) => charge.kind !== 'consumable-checkout');

describe.each(Object.keys(THROWN))('code of the caller that throws %s', (kind) => {
  it('onStep after the pay: a PurchaseError that says the card WAS charged, once', async () => {
    const before = charges().length;
    const failed = client.purchase(
      purchaseWith(({ step }) => {
        if (step === 'pay') thrower(kind)();
      }),
    );
    const error = await failureOf(failed);
    expect(error).toBeInstanceOf(PurchaseError);
    expect(error).toMatchObject({ step: 'pay', charged: 'yes', mayHaveBeenProcessed: true });
    expect(charges().length - before).toBe(1);
  });

  it('onStep before the pay: a PurchaseError that says nothing was charged', async () => {
    const before = charges().length;
    const failed = client.purchase(purchaseWith(thrower(kind)));
    expect(await failureOf(failed)).toMatchObject({ step: 'plan', charged: 'no' });
    expect(charges().length).toBe(before);
  });

  it.each(['onPoll', 'match'])('waitFor %s: a SeatpayError', async (callback) => {
    const failed = client.subscriptions.waitFor({
      exclude: [],
      interval: 1,
      [callback]: thrower(kind),
    });
    expect(await failureOf(failed)).toMatchObject({ name: 'SeatpayError' });
  });

  it.each(['onProgress', 'onChunk'])('upload %s: an UploadError', async (callback) => {
    const source = new File([new Uint8Array(2_500).fill(1)], `cb-${++files}.bin`);
    const failed = client.media.upload(source, {
      operation_type: 'test-small',
      [callback]: thrower(kind),
    });
    expect(await failureOf(failed)).toBeInstanceOf(UploadError);
  });

  it.each(['get', 'set', 'delete'] as const)(
    "a resume store's %s: the upload goes on and is whole, the warning shows no token",
    async (method) => {
      warnings.length = 0;
      const records = new Map<string, unknown>();
      const store: UploadStore = {
        get: async (key) => records.get(key) as never,
        set: async (key, record) => void records.set(key, record),
        delete: async (key) => void records.delete(key),
        [method]: thrower(kind),
      };
      const bytes = new Uint8Array(2_500).map((_, i) => i % 251);
      const source = new File([bytes], `store-${++files}.bin`, { lastModified: 1 });
      const file = await client.media.upload(source, {
        operation_type: 'test-small',
        resume: { store },
      });
      expect(simulator.fileBytes(file.id)).toEqual(bytes);
      expect(warnings).toHaveLength(1);
      expect(showsSecret(warnings.join('\n'), token)).toBe(false);
    },
  );
});

describe("a resume store's list, for media.pendingUploads", () => {
  /** A store that holds one real paused upload's record, and lists it among `others`. */
  async function storeListing(others: unknown[]): Promise<UploadStore> {
    const records = new Map<string, unknown>();
    const store: UploadStore = {
      get: async (key) => records.get(key) as never,
      set: async (key, record) => void records.set(key, record),
      delete: async (key) => void records.delete(key),
    };
    const stop = new AbortController();
    const source = new File([new Uint8Array(5_000)], `paused-${++files}.bin`, { lastModified: 1 });
    await client.media
      .upload(source, {
        operation_type: 'test-small',
        resume: { store },
        signal: stop.signal,
        onChunk: () => stop.abort(),
      })
      .catch(() => undefined);
    return { ...store, list: async () => [...others, ...records.entries()] as never };
  }

  it.each(Object.keys(THROWN))('that lists %s among its entries: the valid ones', async (kind) => {
    const store = await storeListing([THROWN[kind]!(), null, { key: 'k', record: {} }]);
    const pending = await client.media.pendingUploads(store);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ chunksDone: 1, totalChunks: 5 });
  });

  it.each(Object.keys(THROWN))('that throws %s: a SeatpayError', async (kind) => {
    const store = { ...(await storeListing([])), list: thrower(kind) } as UploadStore;
    await failureOf(client.media.pendingUploads(store));
  });
});
