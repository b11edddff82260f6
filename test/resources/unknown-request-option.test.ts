import { expect, it } from 'vitest';
import { createClient, InvalidRequestError, memoryJournal } from '../../src/index.js';

// review20a (newuser20's find): a misspelt request option was read by nothing, the call running
// without it: `checkout(order, { sigal: aborted })` paid, `plans.get('x', { timout: 5 })` ran with
// the default timeout. Refused now, naming it and the option meant, before anything is sent or
// recorded; `{}`, `null`, known names and a spread of another call's options still work.

/** A client whose requests are counted (each answered as a checkout or a plan). */
function countingClient() {
  const sent = { count: 0 };
  const client = createClient({
    baseUrl: 'https://api.example.test',
    token: 'sp_unknown_option',
    fetch: () => {
      sent.count++;
      return Promise.resolve(Response.json({ id: 1, slug: 'team', status: 'ok' }));
    },
  });
  return { client, sent };
}

const order = { service: 'ai-credits', how_many: 2, subscription: 7 };
const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);
// From JavaScript: TypeScript refuses a misspelt option.
const untyped = (options: object) => options as never;

it('a plain call: `timout` refused, the option meant named, nothing sent', async () => {
  const { client, sent } = countingClient();
  const refused = await refusalOf(() => client.plans.get('team', untyped({ timout: 5 })));
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'timout', mayHaveBeenProcessed: false });
  expect(String(refused)).toContain('did you mean `timeout`?');
  const far = await refusalOf(() => client.subscriptions.list(untyped({ cache: 'no-store' })));
  expect(far).toMatchObject({ name: 'InvalidRequestError', field: 'cache' });
  expect(String(far)).toContain('signal, timeout, totalTimeout, maxRetries, headers');
  expect(sent.count).toBe(0);
});

it('a money call: `sigal` with an aborted signal pays nothing (checkout, pay.bag, consume)', async () => {
  const { client, sent } = countingClient();
  const options = untyped({ sigal: aborted() });
  for (const call of [
    () => client.consumables.checkout(order, options),
    () => client.pay.bag({ token: 'bag-1', chosen_period: 'MONTH' }, options),
    () => client.consumables.consume('ai-credits', options),
  ]) {
    const refused = await refusalOf(call);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'sigal', mayHaveBeenProcessed: false });
    expect(String(refused)).toContain('did you mean `signal`?');
  }
  expect(sent.count).toBe(0);
});

it('a keyed checkout: refused before its key is recorded; the same key then pays once', async () => {
  const { client, sent } = countingClient();
  const journal = memoryJournal();
  const keyed = { ...order, key: 'topup-1', journal };
  const refused = await refusalOf(() =>
    client.consumables.checkout(keyed, untyped({ maxretries: 0 })),
  );
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'maxretries' });
  expect(String(refused)).toContain('did you mean `maxRetries`?');
  expect(sent.count).toBe(0);
  expect(await journal.get('topup-1')).toBeUndefined();
  await client.consumables.checkout(keyed, { maxRetries: 0 });
  expect(sent.count).toBe(1);
});

it("`{}`, `null`, known names, another call's options spread, a name left undefined: sent", async () => {
  const { client, sent } = countingClient();
  const base = { signal: new AbortController().signal, timeout: 5000, headers: { 'x-a': 'b' } };
  const spread = { ...base, maxRetries: 0, totalTimeout: 10_000 };
  for (const options of [{}, null, base, spread, untyped({ ...spread, extra: undefined })]) {
    await client.plans.get('team', options as never);
    await client.consumables.checkout(order, options as never);
  }
  expect(sent.count).toBe(10);
});

// The lead's read-through: the names were walked with `for...in`, which reaches a realm's
// `Object.prototype`: a library that adds an enumerable field there (an old polyfill) had every
// call refused. An options object's own and inherited names are read, short of that root; one
// of another realm (an iframe's) likewise; a misspelt inherited name is still refused.
it('a field on the root of the options chain is no option; an inherited misspelt one is', async () => {
  const { client, sent } = countingClient();
  const { runInNewContext } = await import('node:vm');
  const polluted = runInNewContext(
    'Object.prototype.extra = 1; [{ timeout: 5000 }, Object.create(null)]',
  ) as [object, object];
  await expect(client.plans.get('team', untyped(polluted[0]))).resolves.toMatchObject({ id: 1 });
  await expect(client.plans.get('team', untyped(polluted[1]))).resolves.toMatchObject({ id: 1 });
  expect(sent.count).toBe(2);
  const inherited = untyped(Object.create({ timout: 5 }));
  const refused = await refusalOf(() => client.plans.get('team', inherited));
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'timout' });
  const bare = untyped(Object.assign(Object.create(null), { timout: 5 }));
  expect(await refusalOf(() => client.plans.get('team', bare))).toMatchObject({ field: 'timout' });
  expect(sent.count).toBe(2);
});
