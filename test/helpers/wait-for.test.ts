import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  AuthenticationError,
  InvalidRequestError,
  SubscriptionTimeoutError,
} from '../../src/index.js';
import { BASE_URL, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();
const LIST = `${BASE_URL}/v1/payments/me/subscription`;
const FAST = { interval: 5, maxInterval: 10 };

/** A listing that gains subscription 2 on the `appearsOn`-th poll, with other answers scripted per poll. */
function listing(appearsOn: number, scripted: Record<number, () => Response> = {}) {
  let poll = 0;
  return http.get(LIST, () => {
    poll++;
    if (scripted[poll]) return scripted[poll]!();
    const subscriptions =
      poll >= appearsOn ? [{ id: 1 }, { id: 2, plans: [{ slug: 'team' }] }] : [{ id: 1 }];
    return HttpResponse.json({ subscriptions });
  });
}

describe('subscriptions.waitFor', () => {
  it('finds a subscription that appears after several polls', async () => {
    server.use(listing(4));
    const polls: number[] = [];
    const found = await testClient().subscriptions.waitFor({
      exclude: [1],
      ...FAST,
      onPoll: (p) => polls.push(p.attempt),
    });
    expect(found).toEqual({ id: 2, plans: [{ slug: 'team' }] });
    expect(polls).toEqual([1, 2, 3, 4]);
  });

  it('survives failed polls', async () => {
    server.use(
      listing(4, {
        2: () => HttpResponse.json({ detail: 'down' }, { status: 503 }),
        3: () => HttpResponse.error(),
      }),
    );
    const errors: unknown[] = [];
    const found = await testClient().subscriptions.waitFor({
      exclude: [1],
      ...FAST,
      onPoll: (p) => p.error && errors.push(p.error),
    });
    expect(found.id).toBe(2);
    expect(errors).toHaveLength(2);
    expect(seen).toHaveLength(4); // polls are not retried inside: polling is the retry loop
  });

  it('passes over a team subscription until its billing team is built', async () => {
    const seatBag = { id: 9, seat_service_item: { how_many: 3 } };
    const team = (built: boolean) => ({
      id: 2,
      has_billing_team: built,
      invoices: [{ id: 5, bag: seatBag }],
    });
    let poll = 0;
    server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [team(++poll >= 3)] })));
    const found = await testClient().subscriptions.waitFor({ exclude: [], ...FAST });
    expect([found.has_billing_team, poll]).toEqual([true, 3]);
  });

  it('takes at once a subscription without a team whose bag bought no seats', async () => {
    const personal = { id: 2, has_billing_team: false, invoices: [{ id: 5, bag: { id: 9 } }] };
    server.use(http.get(LIST, () => HttpResponse.json({ subscriptions: [personal] })));
    await expect(
      testClient().subscriptions.waitFor({ exclude: [], ...FAST }),
    ).resolves.toMatchObject({ id: 2 });
    expect(seen).toHaveLength(1);
  });

  it('applies match', async () => {
    server.use(listing(1));
    const wait = testClient().subscriptions.waitFor({
      exclude: [1],
      match: (s) => s.plans?.[0]?.slug === 'other',
      ...FAST,
      timeout: 60,
    });
    await expect(wait).rejects.toBeInstanceOf(SubscriptionTimeoutError);
  });

  it('times out with SubscriptionTimeoutError holding the last listing', async () => {
    server.use(listing(Infinity));
    const error = (await testClient()
      .subscriptions.waitFor({ exclude: [1], ...FAST, timeout: 80 })
      .catch((e: unknown) => e)) as SubscriptionTimeoutError;
    expect(error).toBeInstanceOf(SubscriptionTimeoutError);
    expect(error.lastListing).toEqual({ subscriptions: [{ id: 1 }] });
    // It said what was seen, not what to do.
    expect(error.message).toBe(
      'No new subscription appeared within 80 ms (none new listed; wait again with a longer timeout)',
    );
  });

  it('stops at once on a failure that polling cannot fix', async () => {
    server.use(http.get(LIST, () => HttpResponse.json({ detail: 'bad token' }, { status: 401 })));
    await expect(
      testClient().subscriptions.waitFor({ exclude: [], ...FAST }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    expect(seen).toHaveLength(1);
  });

  it('rejects with AbortError when the signal fires between polls', async () => {
    server.use(listing(Infinity));
    const controller = new AbortController();
    const wait = testClient().subscriptions.waitFor({
      exclude: [1],
      interval: 5_000,
      signal: controller.signal,
      onPoll: () => controller.abort(),
    });
    await expect(wait).rejects.toBeInstanceOf(AbortError);
    expect(seen).toHaveLength(1);
  });

  it('refuses to wait without exclude, before any poll: an older subscription is never the new one', async () => {
    server.use(listing(1));
    const wait = testClient().subscriptions.waitFor({ ...FAST } as never);
    await expect(wait).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(wait).rejects.toMatchObject({ field: 'exclude' });
    expect(seen).toHaveLength(0);
  });
});

// `exclude` was read to be checked, then read again to be used: a Proxy or a getter answering
// the second read otherwise made the wait exclude other ids than those checked (here none, so the
// subscription that existed before paying was taken for the new one). It is read once now.
describe('subscriptions.waitFor reads exclude once', () => {
  /** `ids` behind a Proxy whose `length` says the truth on the first read and 0 after it. */
  function emptiedAfterFirstRead(ids: number[]) {
    let lengthReads = 0;
    const exclude = new Proxy(ids, {
      get: (target, key, receiver) =>
        key === 'length' && lengthReads++ > 0 ? 0 : Reflect.get(target, key, receiver),
    });
    return { exclude, lengthReads: () => lengthReads };
  }

  it('an array whose second read says it is empty: the id it listed is still never the new one', async () => {
    server.use(listing(3));
    const { exclude, lengthReads } = emptiedAfterFirstRead([1]);
    const found = await testClient().subscriptions.waitFor({ exclude, ...FAST });
    expect(found.id).toBe(2);
    expect(lengthReads()).toBe(1);
  });

  it('an `exclude` getter that answers [] the second time: what it answered first is excluded', async () => {
    server.use(listing(3));
    let reads = 0;
    const options = {
      get exclude() {
        return reads++ === 0 ? [1] : [];
      },
      ...FAST,
    };
    const found = await testClient().subscriptions.waitFor(options);
    expect(found.id).toBe(2);
    expect(reads).toBe(1);
  });
});

// An iterable that is no array was iterated without a bound when the wait began: an endless
// generator blocked the event loop for good, and one that throws threw its own error, untyped.
describe('subscriptions.waitFor with an exclude that is an iterable', () => {
  it('reads a Set once, as given', async () => {
    server.use(listing(2));
    const found = await testClient().subscriptions.waitFor({ exclude: new Set([1]), ...FAST });
    expect(found.id).toBe(2);
  });

  it('refuses an endless generator before polling, past 1,000,000 ids', async () => {
    function* endless() {
      for (let id = 1; ; id++) yield id;
    }
    const wait = testClient().subscriptions.waitFor({ exclude: endless(), ...FAST });
    await expect(wait).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(wait).rejects.toThrow(
      'Invalid exclude: must hold at most 1000000 subscription ids (it yields more)',
    );
    expect(seen).toHaveLength(0);
  });

  it('refuses a generator that throws with a typed error, before polling', async () => {
    function* throwing() {
      yield 1;
      throw new Error('no more ids');
    }
    const wait = testClient().subscriptions.waitFor({ exclude: throwing(), ...FAST });
    await expect(wait).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(wait).rejects.toMatchObject({ field: 'exclude' });
    expect(seen).toHaveLength(0);
  });
});
