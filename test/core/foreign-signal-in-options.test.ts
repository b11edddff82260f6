import { describe, expect, it } from 'vitest';
import { AbortError, createClient, InvalidRequestError } from '../../src/index.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';

// signals19: `{ signal }` in a call's options was refused as "must be an AbortSignal" when the
// signal was another realm's (an iframe's, a `node:vm` context's) or a polyfill's, though the money
// calls took such an object for a signal where the options go. Handed on as it is, fetch (undici)
// and ky's `AbortSignal.any` refuse it with a TypeError. Such a signal is taken now: aborted
// already, nothing is sent; aborted mid-call, the request is stopped and the call ends with an
// AbortError.

/** A client whose every request waits until its signal stops it; `started` lists their URLs. */
function hangingClient() {
  const started: string[] = [];
  const stopped: unknown[] = [];
  let onStart = (): void => undefined;
  const client = createClient({
    baseUrl: 'https://api.example.test',
    token: 'sp_foreign_signal',
    logLevel: 'off',
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      started.push(request.url);
      const signal = init?.signal ?? request.signal;
      const hung = new Promise<Response>((_, reject) => {
        signal.addEventListener('abort', () => {
          stopped.push(request.url);
          reject(signal.reason as Error);
        });
      });
      onStart();
      return hung;
    },
  });
  return { client, started, stopped, whenStarted: (then: () => void) => void (onStart = then) };
}

describe.each(FOREIGN_CONTROLLERS)("%s signal in a call's options", (_, controllerOf) => {
  it('aborted already: an AbortError, nothing sent', async () => {
    const { client, started } = hangingClient();
    const controller = controllerOf();
    controller.abort(new Error('the user left'));
    const error = await client.plans
      .get('team', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect((error as Error).cause).toMatchObject({ message: 'the user left' });
    expect(started).toEqual([]);
  });

  it('aborted while the request is out: the request is stopped, an AbortError', async () => {
    const { client, started, stopped, whenStarted } = hangingClient();
    const controller = controllerOf();
    whenStarted(() => controller.abort(new Error('the user left')));
    const error = await client.plans
      .get('team', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).cause).toMatchObject({ message: 'the user left' });
    expect(started).toHaveLength(1);
    expect(stopped).toEqual(started);
  });

  it('with a totalTimeout, aborted while the request is out: an AbortError', async () => {
    const { client, stopped, whenStarted } = hangingClient();
    const controller = controllerOf();
    whenStarted(() => controller.abort(new Error('the user left')));
    const error = await client.plans
      .get('team', { signal: controller.signal, totalTimeout: 600_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(stopped).toHaveLength(1);
  });

  it('subscriptions.waitFor: aborted during a poll, the poll is stopped, an AbortError', async () => {
    const { client, started, stopped, whenStarted } = hangingClient();
    const controller = controllerOf();
    whenStarted(() => controller.abort(new Error('the user left')));
    const error = await client.subscriptions
      .waitFor({ exclude: [], signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(started).toHaveLength(1);
    expect(stopped).toEqual(started);
  });
});

it('an object that is no signal in the options: refused, nothing sent', async () => {
  const { client, started } = hangingClient();
  const get = client.plans.get.bind(client.plans) as (...args: unknown[]) => Promise<unknown>;
  // An own `aborted` but nothing to listen with; a listener but no `aborted`; no object.
  for (const like of [{ aborted: false }, new EventTarget(), 'signal']) {
    const refused = await get('team', { signal: like }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({
      field: 'signal',
      message: 'Invalid signal: must be an AbortSignal',
    });
  }
  expect(started).toEqual([]);
});
