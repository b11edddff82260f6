import { expect, it } from 'vitest';
import { createClient, InvalidRequestError } from '../../src/index.js';

// percall18: a signal given as a plain call's options (`plans.get(slug, signal)`, as other
// libraries take one) is refused before anything is sent, aborted or not, and so is one whose own
// fields name an option; an options object of another prototype than a literal's is still read.
// (A cheaper check of the options, skipping literals, must keep both.)

const signals = () => {
  const aborted = new AbortController();
  aborted.abort();
  const named = Object.assign(new AbortController().signal, { timeout: 5000 });
  return [aborted.signal, new AbortController().signal, AbortSignal.timeout(60_000), named];
};

/** A client whose requests are counted (each answered `{}`): a refused call counts none. */
function countingClient() {
  const sent = { count: 0 };
  const client = createClient({
    baseUrl: 'https://api.example.test',
    token: 'sp_signal_as_options',
    fetch: () => {
      sent.count++;
      return Promise.resolve(Response.json({}));
    },
  });
  return { client, sent };
}

it('a signal as the options of a GET, a listing and a money preview: refused, nothing sent', async () => {
  const { client, sent } = countingClient();
  const anyArgs = <T>(method: T) => method as (...args: unknown[]) => Promise<unknown>;
  const calls = [
    (signal: AbortSignal) => anyArgs(client.plans.get.bind(client.plans))('team', signal),
    (signal: AbortSignal) => anyArgs(client.subscriptions.list.bind(client.subscriptions))(signal),
    (signal: AbortSignal) =>
      anyArgs(client.checking.preview.bind(client.checking))({ plans: [1], team_seats: 2 }, signal),
  ];
  for (const call of calls) {
    for (const signal of signals()) {
      const refused = await call(signal).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: 'options', mayHaveBeenProcessed: false });
      expect(String(refused)).toContain('`{ signal }`');
    }
  }
  expect(sent.count).toBe(0);
});

it("options of another prototype than a literal's are still read: a timeout of 0 sends nothing", async () => {
  const { client, sent } = countingClient();
  class CallOptions {
    timeout = 0;
  }
  const nullProto = Object.assign(Object.create(null) as object, { timeout: 0 });
  for (const options of [new CallOptions(), nullProto]) {
    const refused = await client.plans.get('team', options).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TimeoutError', mayHaveBeenProcessed: false });
  }
  expect(sent.count).toBe(0);
});
