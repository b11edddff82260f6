// The array bound (10,000 items per array argument) is checked by reading `length`; zod then read
// the array again. A Proxy whose `length` answers the check with a number in bound and zod with a
// bigger one got past the bound (at 2 ** 32 - 1 the process ran out of memory in zod's walk), and
// one whose `length` throws threw its own Error, not a typed one. The array is now read once:
// what the bound checked is what zod checks and what is sent.
import { describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  NotFoundError,
  type SeatInput,
} from '../../src/index.js';

/** A client whose every request is recorded (body parsed) and answered 404. */
function recordingClient() {
  const sent: unknown[] = [];
  const client = createClient({
    baseUrl: 'http://service.test',
    token: 'tok_array_proxy_attack',
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(await request.json().catch(() => null));
      return Response.json({ detail: 'Not found' }, { status: 404 });
    },
  });
  return { client, sent };
}

/** `items` behind a Proxy whose `length` says `first` once, then the true length. */
function lyingLength<T>(items: T[], first: number): T[] {
  let reads = 0;
  return new Proxy(items, {
    get: (target, key, receiver) =>
      key === 'length' && reads++ === 0 ? first : Reflect.get(target, key, receiver),
  });
}

function throwingLength<T>(items: T[]): T[] {
  return new Proxy(items, {
    get: (target, key, receiver) => {
      if (key === 'length') throw new Error('length unreadable');
      return Reflect.get(target, key, receiver);
    },
  });
}

const seat = (at: number): SeatInput => ({ email: `member${at}@example.com` });

describe('an array argument whose length changes between reads', () => {
  it('seats.add sends what the bound checked, never more than 10,000 seats', async () => {
    const { client, sent } = recordingClient();
    const seats = lyingLength(
      Array.from({ length: 10_005 }, (_, at) => seat(at)),
      10_000,
    );
    await client.seats.add(7, seats).catch(() => undefined);
    expect(sent).toHaveLength(1);
    const body = sent[0] as { add_seats: SeatInput[] };
    expect(body.add_seats).toHaveLength(10_000);
    expect(body.add_seats.at(-1)).toEqual(seat(9_999));
  });
});

describe('an array argument whose length cannot be read', () => {
  it.each([
    [
      'seats.add',
      (c: ReturnType<typeof recordingClient>['client']) =>
        c.seats.add(7, throwingLength([seat(1)])),
      'add_seats',
    ],
    [
      'seats.replace',
      (c: ReturnType<typeof recordingClient>['client']) =>
        c.seats.replace(
          7,
          throwingLength([{ from_email: 'a@example.com', to_email: 'b@example.com' }]),
        ),
      'replace_seats',
    ],
    [
      'checking.preview',
      (c: ReturnType<typeof recordingClient>['client']) =>
        c.checking.preview({ plans: throwingLength([12]) }),
      'plans',
    ],
  ] as const)('%s is refused with a typed error, nothing sent', async (_name, call, field) => {
    const { client, sent } = recordingClient();
    const error = await call(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe(field);
    expect((error as Error).message).toBe(
      `Invalid ${field}: must be an array whose length and items can be read`,
    );
    expect(sent).toEqual([]);
  });
});

describe('subscriptions.waitFor with an exclude whose length changes or cannot be read', () => {
  // It used to be refused when read a second time; it is read once now, into the copy the wait
  // uses: the 5,000,000 ids are never reached, and the wait polls excluding what was checked.
  it('a length of 1 to the check and 5,000,000 after: read once, the wait uses what was checked', async () => {
    const { client, sent } = recordingClient();
    let lengthReads = 0;
    const exclude = new Proxy<number[]>([], {
      get: (target, key, receiver) =>
        key === 'length' && lengthReads++ > 0 ? 5_000_000 : Reflect.get(target, key, receiver),
    });
    const error = await client.subscriptions
      .waitFor({ exclude, timeout: 1_000 })
      .catch((e: unknown) => e);
    // The one poll's answer (this client answers 404): the wait started with one excluded id.
    expect(error).toBeInstanceOf(NotFoundError);
    expect(sent).toHaveLength(1);
    expect(lengthReads).toBe(1);
  });

  it('a length that throws is refused with a typed error', async () => {
    const { client, sent } = recordingClient();
    const error = await client.subscriptions
      .waitFor({ exclude: throwingLength([1]), timeout: 1_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe('exclude');
    expect(sent).toEqual([]);
  });
});
