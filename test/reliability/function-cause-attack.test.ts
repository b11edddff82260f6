// An error's `cause` holding a function (a token provider, a fetch or an abort that throws a
// callback, or an object or error holding one): `structuredClone(error)` (and postMessage, which
// clones the same way) threw DataCloneError, whose message quotes the function's source, and a
// source may hold a secret. Every printer and a clone show a marker, never the source.
import { format, inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createClient,
  JournalError,
  KeyInProgressError,
  SeatpayError,
  TimeoutError,
  UnsettledKeyError,
  UploadError,
} from '../../src/index.js';

const SOURCE_SECRET = 'sk_vault_7d3e9a1c5b8f4e2a';
// Its source is what a DataCloneError quotes: the secret is written in it.
function fetchFromVault() {
  return `Bearer sk_vault_7d3e9a1c5b8f4e2a`;
}

const CAUSES: [string, () => unknown][] = [
  ['a function', () => fetchFromVault],
  ['an object holding one', () => ({ retry: fetchFromVault, attempt: 2 })],
  ['an array holding one', () => [1, fetchFromVault]],
  ['an Error whose cause is one', () => new Error('vault down', { cause: fetchFromVault })],
  [
    'an Error two causes above one',
    () => new Error('outer', { cause: new Error('inner', { cause: { then: fetchFromVault } }) }),
  ],
];

/** Every way a user prints or copies an error: none may quote the function's source. */
function expectSafe(error: unknown) {
  expect(error).toBeInstanceOf(SeatpayError);
  const cloned: unknown = structuredClone(error); // threw DataCloneError quoting the source
  for (const shown of [
    inspect(error, { depth: 10 }),
    format(error), // console.log's
    JSON.stringify(error),
    String(error),
    inspect(cloned, { depth: 10 }),
  ]) {
    expect(shown).not.toContain(SOURCE_SECRET);
  }
}

const CLASSES: [string, new (message: string, options: { cause: unknown }) => Error][] = [
  ['SeatpayError', SeatpayError],
  ['ConnectionError', ConnectionError as never],
  ['TimeoutError', TimeoutError as never],
  ['AbortError', AbortError as never],
  ['JournalError', JournalError as never],
  ['UploadError', UploadError as never],
  ['KeyInProgressError', KeyInProgressError as never],
  ['UnsettledKeyError', UnsettledKeyError as never],
];

describe('an error built with such a cause', () => {
  for (const [kind, cause] of CAUSES) {
    it.each(CLASSES)(`%s, its cause ${kind}`, (_name, ErrorClass) => {
      expectSafe(new ErrorClass('failed', { cause: cause() }));
    });
  }
});

function clientWith(
  fetch: typeof globalThis.fetch,
  token: string | (() => Promise<string>) = 'tok',
) {
  return createClient({
    baseUrl: 'https://api.example.test',
    token,
    maxRetries: 0,
    fetch,
    logLevel: 'off',
  });
}

describe('a call whose foreign code throws such a value', () => {
  it.each(CAUSES)('a token provider throwing %s', async (_kind, cause) => {
    const client = clientWith(
      () => Promise.resolve(new Response('[]')),
      () => Promise.reject(cause()),
    );
    expectSafe(await client.plans.get('team').catch((e: unknown) => e));
  });

  it.each(CAUSES)('a custom fetch throwing %s', async (_kind, cause) => {
    const client = clientWith(() => Promise.reject(cause()));
    expectSafe(await client.plans.get('team').catch((e: unknown) => e));
  });

  it.each(CAUSES)('a signal aborted with %s', async (_kind, cause) => {
    const controller = new AbortController();
    controller.abort(cause());
    const client = clientWith(() => Promise.resolve(new Response('[]')));
    expectSafe(
      await client.plans.get('team', { signal: controller.signal }).catch((e: unknown) => e),
    );
  });
});
