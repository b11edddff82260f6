// Review of the hidden-field digest under a token provider's token (knowngaps): the digest asked
// the provider with no signal. With an `identity` (the owner asks no token), that ask was the
// call's first: a provider that hangs held a keyed checkout whose field hides a secret (a note
// quoting the CVC) long after its signal fired, on a fresh key (the claim's stamp) and on a re-run
// (the comparison with the record), until the per-attempt timeout (here ten minutes).
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { hiddenNoteOrder } from '../support/hidden-note-order.js';

const TOKEN = 'sp_live_4f7a2c9e1b8d46a3c0e5f2b7d9a1c3e8';

/** A provider that gives the token until `hang` is set, then an answer that never comes. */
const provider = { hang: false, asked: () => {} };
afterEach(() => {
  provider.hang = false;
});

async function setUp() {
  const { first, order, checkouts } = await hiddenNoteOrder('provider-signal@example.com', TOKEN, {
    tokenOf: (token) => () => {
      if (!provider.hang) return Promise.resolve(token);
      provider.asked();
      return new Promise<string>(() => {});
    },
    clientOptions: { timeout: 600_000 },
  });
  return { client: first, order, checkouts };
}

/** The call's outcome once its signal fired while the provider hangs. */
async function abortedWhileAsking(call: (signal: AbortSignal) => Promise<unknown>) {
  const controller = new AbortController();
  const asked = new Promise<void>((resolve) => (provider.asked = resolve));
  provider.hang = true;
  const outcome = call(controller.signal).catch((error: unknown) => error);
  // Once the provider was asked (its answer never comes), the caller gives up.
  await asked;
  controller.abort();
  return outcome;
}

describe('a keyed checkout with an identity whose note hides the CVC, its provider hanging', () => {
  it('a fresh key: ends with its signal, nothing sent', async () => {
    const { client, order, checkouts } = await setUp();
    const error = await abortedWhileAsking((signal) =>
      client.consumables.checkout({ ...order, key: 'fresh-1' }, { signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(checkouts()).toHaveLength(0);
  });

  it('a re-run of a paid key: ends with its signal, nothing sent again', async () => {
    const { client, order, checkouts } = await setUp();
    await client.consumables.checkout({ ...order, key: 'paid-1' });
    const error = await abortedWhileAsking((signal) =>
      client.consumables.checkout({ ...order, key: 'paid-1' }, { signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(checkouts()).toHaveLength(1);
  });
});
