// Every error is a SeatpayError: code that is not seatpay's fails inside a call in every odd way
// JavaScript allows (a token provider that throws or rejects, a custom fetch that throws a string,
// null, a Proxy whose every trap throws, an object whose getters throw, or resolves to something
// that is no Response; a logger that throws; a signal aborted with a strange reason). Each call
// rejects with a SeatpayError whose `cause` keeps what was thrown (redacted), which prints through
// JSON.stringify, util.inspect and String, and which carries no secret the thrower quoted.
import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  SeatpayError,
  type ClientOptions,
  type SeatpayClient,
} from '../../src/index.js';
import { leaked, recordingLogger, renderings } from './support/secrets-kit.js';
import { useMockHandlers } from '../support/msw.js';

const BASE = 'https://api.foreign.test';
const TOKEN = 'tok_live_FOREIGN_0a1b2c3d4e5f6789';
const CARD = { card_number: '4000056655665556', cvc: '737' };

const trap = () => {
  throw new Error(`trap read with ${TOKEN}`);
};
const hostileProxy = () =>
  new Proxy(
    {},
    {
      get: trap,
      has: trap,
      ownKeys: trap,
      getPrototypeOf: trap,
      getOwnPropertyDescriptor: trap,
      apply: trap,
    },
  );
const throwingGetters = () => ({
  get message(): string {
    throw new Error(`getter with ${TOKEN}`);
  },
  get code(): string {
    throw new Error('code getter');
  },
  get cause(): unknown {
    throw new Error('cause getter');
  },
});
class ErrorWithThrowingMessage extends Error {
  override get message(): string {
    throw new Error(`message getter with ${TOKEN}`);
  }
}

/** What foreign code throws, by name: each a value JavaScript lets it throw. */
const THROWN: [string, () => unknown][] = [
  [
    'an Error quoting the token and card',
    () => new Error(`failed for ${TOKEN} ${CARD.card_number}`),
  ],
  ['a TypeError with a cause chain', () => new TypeError('x', { cause: new Error(TOKEN) })],
  ['a string', () => `refused ${TOKEN}`],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a number', () => 42],
  ['a BigInt', () => 10n],
  ['a Symbol', () => Symbol(TOKEN)],
  ['a Proxy whose every trap throws', hostileProxy],
  ['an object whose getters throw', throwingGetters],
  ['an Error whose message getter throws', () => new ErrorWithThrowingMessage()],
  ['a frozen object quoting the token', () => Object.freeze({ detail: TOKEN })],
];

useMockHandlers(
  http.get(`${BASE}/v1/payments/plan/:slug`, () => HttpResponse.json({ id: 1, slug: 'team' })),
  http.put(`${BASE}/v1/payments/card`, () => HttpResponse.json({ status: 'ok' })),
);
let checked = 0;
const summary: string[] = [];

afterAll(() => {
  console.log(
    `\nForeign failures: ${checked} calls failed by foreign code, 0 non-SeatpayError rejections\n${summary.join('\n')}\n`,
  );
});

/** Calls `act` on a client built with `options`; the rejection must be a printable, safe SeatpayError. */
async function expectSeatpayError(
  options: Partial<ClientOptions>,
  act: (client: SeatpayClient) => Promise<unknown>,
  secrets: string[] = [TOKEN, CARD.card_number, CARD.cvc],
): Promise<SeatpayError> {
  const { logger, lines } = recordingLogger();
  const client = createClient({
    baseUrl: BASE,
    token: TOKEN,
    maxRetries: 1,
    retryBaseDelay: 1,
    logger,
    logLevel: 'debug',
    ...options,
  });
  const error = await act(client).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, inspect(error)).toBeInstanceOf(SeatpayError);
  expect(leaked([...renderings(error), ...lines], secrets)).toEqual([]);
  checked++;
  return error as SeatpayError;
}

/** A provider that hands out the token once, then fails (a refresh that breaks, quoting it). */
function failingAfterFirst(fail: () => unknown): () => string | Promise<string> {
  let calls = 0;
  return () => (calls++ === 0 ? TOKEN : (fail() as string | Promise<string>));
}

describe('a token provider that fails', () => {
  for (const [name, make] of THROWN) {
    it(`throws ${name}`, async () => {
      const error = await expectSeatpayError(
        {
          token: failingAfterFirst(() => {
            throw make();
          }),
        },
        async (c) => {
          await c.card.register(CARD);
          return c.plans.get('team');
        },
      );
      expect(error.message).toMatch(/token provider/i);
      summary.push(`  token provider throws ${name}: ${error.name}`);
    });
    it(`rejects with ${name}`, async () => {
      const error = await expectSeatpayError(
        { token: failingAfterFirst(() => Promise.reject(make())) },
        async (c) => {
          await c.plans.get('team');
          return c.card.register(CARD);
        },
      );
      expect(error.message).toMatch(/token provider/i);
    });
  }
});

describe('a custom fetch that fails', () => {
  for (const [name, make] of THROWN) {
    it(`throws ${name}`, async () => {
      const error = await expectSeatpayError(
        {
          fetch: () => {
            throw make();
          },
        },
        (c) => c.card.register(CARD),
      );
      summary.push(`  custom fetch throws ${name}: ${error.name}`);
    });
  }
  const notResponses: [string, () => unknown][] = [
    ['undefined', () => undefined],
    ['null', () => null],
    ['a plain object', () => ({ status: 200 })],
    ['a Proxy whose every trap throws', hostileProxy],
    ['a string', () => 'ok'],
  ];
  for (const [name, make] of notResponses) {
    it(`resolves to ${name} instead of a Response`, async () => {
      const error = await expectSeatpayError(
        { fetch: (async () => make()) as unknown as typeof fetch },
        (c) => c.plans.get('team'),
      );
      summary.push(`  custom fetch resolves to ${name}: ${error.name}`);
    });
  }
});

describe('a logger that throws', () => {
  it('at every level: the call goes on and resolves', async () => {
    const boom = () => {
      throw new Error(`logger down ${TOKEN}`);
    };
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      logger: { error: boom, warn: boom, info: boom, debug: boom },
      logLevel: 'debug',
    });
    await expect(client.plans.get('team')).resolves.toMatchObject({ slug: 'team' });
  });
});

describe('a signal aborted with a strange reason', () => {
  for (const [name, make] of THROWN) {
    it(`aborted with ${name}, before and during the call`, async () => {
      const before = new AbortController();
      before.abort(make());
      const first = await expectSeatpayError({}, async (c) => {
        await c.card.register(CARD); // the card is known to the client: hidden from now on
        return c.plans.get('team', { signal: before.signal });
      });
      expect(first).toBeInstanceOf(AbortError);
      const during = new AbortController();
      const second = await expectSeatpayError(
        {
          // ky hands fetch a Request: the signal to listen to is the Request's.
          fetch: (input) => {
            const { signal } = input as Request;
            return new Promise((_resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason));
              queueMicrotask(() => during.abort(make()));
            });
          },
        },
        (c) => c.card.register(CARD, { signal: during.signal }),
      );
      expect(second).toBeInstanceOf(AbortError);
    });
  }
});
