// Secrets: for every error kind and every log level, with the token (a string, or an async
// provider), a card number and a CVC in play and a hostile service that echoes them back (in JSON
// bodies, HTML pages, headers, status texts and messages), none of them appears in an error's
// message, stack, cause chain, JSON.stringify, util.inspect or String, nor in any logger call.
// And the token never leaves baseUrl's origin: not through a redirect, not through a path param.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  BillingPeriodLimitError,
  ConflictError,
  PaymentRequiredError,
  ConnectionError,
  createClient,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  OwnerOnlyError,
  PermissionDeniedError,
  RateLimitError,
  RechargeBudgetError,
  ResponseValidationError,
  SeatsRefusedError,
  SeatpayError,
  SubscriptionTimeoutError,
  TimeoutError,
  UploadError,
  type LogLevel,
  type SeatpayClient,
} from '../../src/index.js';
import { fromPath } from '../../src/node.js';
import {
  leaked,
  recordingLogger,
  recordingServer,
  redirectingServer,
  renderings,
  type Loopback,
} from './support/secrets-kit.js';

const BASE = 'https://api.secrets.test';
const TOKEN = 'tok_live_SECRET_9f8e7d6c5b4a3210';
const CARD = { card_number: '4111111111111111', cvc: '4807', exp_month: '12', exp_year: '2031' };
const ALL_SECRETS = [TOKEN, CARD.card_number, CARD.cvc];
const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

type ErrorClass = abstract new (...args: never[]) => SeatpayError;

interface Scenario {
  name: string;
  expected: ErrorClass;
  /** Installs the hostile service's answers. */
  arrange: () => void;
  act: (client: SeatpayClient) => Promise<unknown>;
  /** The secrets this call sends (the card only goes out with card.register). */
  secrets: string[];
  /** The token a provider returns, when the scenario needs an odd one. */
  token?: string;
}

const server = setupServer();
/** The controller of the AbortError scenario, made fresh by its arrange. */
let aborting = new AbortController();

/** Everything the service may echo: the request body, its Authorization header, the card. */
function echoText(request: Request, sent: string): string {
  return `${sent} sent by ${request.headers.get('authorization')} with card ${CARD.card_number} cvc ${CARD.cvc}`;
}

/** A failing answer that echoes every secret in the body, the headers and the status text. */
function echoing(
  route: string,
  status: number,
  { detail = '', html = false }: { detail?: string; html?: boolean } = {},
) {
  const [method, path] = route.split(' ') as [string, string];
  const verb = method.toLowerCase() as 'get' | 'put' | 'post' | 'delete';
  return http[verb](BASE + path, async ({ request }) => {
    const sent = await request.text();
    const echo = echoText(request, sent);
    const headers = {
      'x-echo-auth': request.headers.get('authorization') ?? '',
      'x-echo-card': `${CARD.card_number}/${CARD.cvc}`,
      'content-type': html ? 'text/html' : 'application/json',
    };
    const statusText = `Refused ${TOKEN}`;
    if (html) {
      const page = `<html><head><title>Error ${echo}</title></head><body>${echo}</body></html>`;
      return new HttpResponse(page, { status, headers, statusText });
    }
    const body = {
      detail: `${detail} ${echo}`.trim(),
      echo: sent ? safeJson(sent) : null,
      card_number: CARD.card_number,
      errors: [{ message: echo }],
    };
    return HttpResponse.json(body, { status, headers, statusText });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const register = (client: SeatpayClient) => client.card.register(CARD);
const CARD_ROUTE = 'PUT /v1/payments/card';
const cardCase = (
  name: string,
  expected: ErrorClass,
  status: number,
  detail?: string,
): Scenario => ({
  name,
  expected,
  arrange: () => server.use(echoing(CARD_ROUTE, status, { detail })),
  act: register,
  secrets: ALL_SECRETS,
});

/**
 * The card's registration answered only once the call gave up on it (its own timeout, or the
 * caller's AbortSignal.timeout, aborted the request): the timeout wins whatever the machine's speed.
 * Not `delay(300)`: on a stalled loop Node runs every overdue 300 ms timer (the previous case's
 * too) before the 20 ms one, and the answer then arrived first (flake11).
 */
const answerCardLate = () =>
  server.use(
    http.put(BASE + '/v1/payments/card', async ({ request }) => {
      await new Promise((given) => {
        if (request.signal.aborted) given(undefined);
        request.signal.addEventListener('abort', given, { once: true });
      });
      return HttpResponse.json({});
    }),
  );

const SCENARIOS: Scenario[] = [
  cardCase('BadRequestError (400)', BadRequestError, 400),
  cardCase('AuthenticationError (401)', AuthenticationError, 401),
  cardCase('PaymentRequiredError (402)', PaymentRequiredError, 402, 'Card declined'),
  cardCase('PermissionDeniedError (403)', PermissionDeniedError, 403),
  cardCase('NotFoundError (404)', NotFoundError, 404),
  cardCase('ConflictError (409)', ConflictError, 409),
  cardCase('RateLimitError (429)', RateLimitError, 429),
  cardCase('InternalServerError (500)', InternalServerError, 500),
  cardCase('APIError (418)', APIError, 418),
  cardCase('OwnerOnlyError', OwnerOnlyError, 403, 'Only the owner can manage team'),
  cardCase('BillingPeriodLimitError', BillingPeriodLimitError, 402, 'Billing period limit reached'),
  cardCase('RechargeBudgetError', RechargeBudgetError, 402, 'No budget available for recharge'),
  {
    name: 'APIError from an HTML page (502)',
    expected: InternalServerError,
    arrange: () => server.use(echoing(CARD_ROUTE, 502, { html: true })),
    act: register,
    secrets: ALL_SECRETS,
  },
  {
    name: 'ConnectionError (dropped connection)',
    expected: ConnectionError,
    arrange: () => server.use(http.put(BASE + '/v1/payments/card', () => HttpResponse.error())),
    act: register,
    secrets: ALL_SECRETS,
  },
  {
    name: 'TimeoutError',
    expected: TimeoutError,
    arrange: answerCardLate,
    act: (client) => client.card.register(CARD, { timeout: 30 }),
    secrets: ALL_SECRETS,
  },
  {
    name: 'AbortError',
    expected: AbortError,
    // Aborted by the service's side as the request arrives: in flight, whatever the machine's speed.
    arrange: () => {
      aborting = new AbortController();
      server.use(
        http.put(BASE + '/v1/payments/card', async () => {
          aborting.abort();
          await delay(300);
          return HttpResponse.json({});
        }),
      );
    },
    act: (client) => client.card.register(CARD, { signal: aborting.signal }),
    secrets: ALL_SECRETS,
  },
  {
    name: "TimeoutError (the caller's AbortSignal.timeout)",
    expected: TimeoutError,
    arrange: answerCardLate,
    act: (client) => client.card.register(CARD, { signal: AbortSignal.timeout(20) }),
    secrets: ALL_SECRETS,
  },
  {
    name: 'ResponseValidationError (2xx echoing JSON)',
    expected: ResponseValidationError,
    arrange: () =>
      server.use(
        http.put(BASE + '/v1/payments/card', async ({ request }) =>
          HttpResponse.json({ status: 7, message: echoText(request, await request.text()) }),
        ),
      ),
    act: register,
    secrets: ALL_SECRETS,
  },
  {
    name: 'ResponseValidationError (2xx text whose secret straddles the 500-character cut)',
    expected: ResponseValidationError,
    arrange: () =>
      server.use(
        http.put(BASE + '/v1/payments/card', async ({ request }) => {
          await request.text();
          const pad = 'x'.repeat(500 - 16);
          return new HttpResponse(
            `${pad}${request.headers.get('authorization')?.slice(7)} ${pad}${CARD.card_number}`,
          );
        }),
      ),
    act: register,
    secrets: ALL_SECRETS,
  },
  {
    name: 'SeatsRefusedError (seat errors quoting the token)',
    expected: SeatsRefusedError,
    arrange: () =>
      server.use(
        http.put(BASE + '/v2/payments/subscription/2/billing-team/seat', ({ request }) =>
          HttpResponse.json({
            data: [],
            errors: [{ message: `refused for ${request.headers.get('authorization')}` }],
          }),
        ),
      ),
    act: (client) => client.seats.add(2, [{ email: 'ada@example.com' }]),
    secrets: [TOKEN],
  },
  {
    name: 'ResponseValidationError (listing keyed by the token)',
    expected: ResponseValidationError,
    arrange: () =>
      server.use(
        http.get(BASE + '/v1/provisioning/me/consumables', ({ request }) =>
          HttpResponse.json({ [`${request.headers.get('authorization')}`]: 5 }),
        ),
      ),
    act: (client) => client.consumables.list(),
    secrets: [TOKEN],
  },
  {
    name: 'InvalidRequestError (card input holding the number and CVC)',
    expected: InvalidRequestError,
    arrange: () => undefined,
    act: (client) =>
      client.card.register({ card_number: `${CARD.card_number} `, cvc: `${CARD.cvc}0` }),
    secrets: ALL_SECRETS,
  },
  {
    name: 'UploadError (chunk refused with an echo)',
    expected: UploadError,
    arrange: () =>
      server.use(
        http.get(BASE + '/v2/media/operationtype/media', () =>
          HttpResponse.json({ chunk_size: 64, max_chunks: null }),
        ),
        echoing('POST /v2/media/me/chunk', 400),
      ),
    act: (client) =>
      client.media.upload(new Uint8Array(100), {
        operation_type: 'media',
        filename: 'a.bin',
        mime: 'image/png',
      }),
    secrets: [TOKEN],
  },
  {
    name: 'SubscriptionTimeoutError (every poll fails with an echo)',
    expected: SubscriptionTimeoutError,
    arrange: () => server.use(echoing('GET /v1/payments/me/subscription', 503)),
    act: (client) =>
      client.subscriptions.waitFor({ exclude: [], timeout: 40, interval: 5, maxInterval: 10 }),
    secrets: [TOKEN],
  },
  {
    // A token read from a file with a line break in it: fetch refuses the header and quotes it.
    name: 'a token provider returning an unusable token',
    expected: SeatpayError,
    arrange: () => server.use(echoing(CARD_ROUTE, 400)),
    act: register,
    secrets: ALL_SECRETS,
    token: `${TOKEN}\nnext-line`,
  },
];

describe('no token, card number or CVC in anything seatpay emits', () => {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  let checked = 0;
  afterAll(() =>
    console.log(`\nSecrets: ${checked} error kind x log level x token form cases checked\n`),
  );

  for (const scenario of SCENARIOS) {
    describe(scenario.name, () => {
      for (const form of ['string', 'async provider'] as const) {
        for (const logLevel of LEVELS) {
          it(`token as ${form}, logLevel ${logLevel}`, async () => {
            server.resetHandlers();
            scenario.arrange();
            const token = scenario.token ?? TOKEN;
            const { logger, lines } = recordingLogger();
            let sent = false;
            server.events.removeAllListeners('request:start');
            server.events.on('request:start', () => void (sent = true));
            let error: unknown;
            try {
              const client = createClient({
                baseUrl: BASE,
                token: form === 'string' ? token : async () => token,
                logger,
                logLevel,
                maxRetries: 1,
                retryBaseDelay: 1,
              });
              error = await scenario.act(client).then(
                () => undefined,
                (e: unknown) => e,
              );
            } catch (thrown) {
              error = thrown; // createClient refusing the token is an error a user prints too
            }
            expect(error).toBeInstanceOf(
              form === 'string' && scenario.token ? InvalidRequestError : scenario.expected,
            );
            expect(leaked([...renderings(error), ...lines], scenario.secrets)).toEqual([]);
            if (logLevel === 'off') expect(lines).toEqual([]);
            // Not vacuous: a call that sent something logged it at info and debug.
            if ((logLevel === 'info' || logLevel === 'debug') && sent)
              expect(lines.length).toBeGreaterThan(0);
            checked++;
          });
        }
      }
    });
  }
});

describe("the token never leaves baseUrl's origin", () => {
  let elsewhere: Loopback;
  let redirector: Loopback;
  let status = 301;
  let target = '';
  const figures: string[] = [];

  beforeAll(async () => {
    elsewhere = await recordingServer();
    redirector = await redirectingServer(
      () => status,
      () => target,
    );
  });
  afterAll(async () => {
    await elsewhere.close();
    await redirector.close();
    console.log(
      `\nRedirects (baseUrl ${redirector.origin.replace(/\d+$/, 'A')}, Location on another loopback origin)\n\n| status | call | client reports | requests that reached the other origin |\n| --- | --- | --- | ---: |\n${figures.join('\n')}\n`,
    );
  });

  const client = () =>
    createClient({
      baseUrl: redirector.origin,
      token: TOKEN,
      maxRetries: 1,
      retryBaseDelay: 1,
      logLevel: 'off',
    });
  const calls: [string, (c: SeatpayClient) => Promise<unknown>][] = [
    ['GET plans.get', (c) => c.plans.get('team')],
    ['PUT card.register', (c) => c.card.register(CARD)],
    ['POST pay.bag', (c) => c.pay.bag({ token: 'bag', chosen_period: 'MONTH' })],
    ['PATCH billingTeam.update', (c) => c.billingTeam.update(2, { auto_recharge_enabled: true })],
    ['DELETE seats.remove', (c) => c.seats.remove(2, 3)],
    [
      'POST media.uploadChunk',
      (c) =>
        c.media.uploadChunk({
          operation_type: 'media',
          total_chunks: 1,
          chunk_index: 0,
          chunk: new Uint8Array(8),
        }),
    ],
  ];

  for (const code of [301, 302, 303, 307, 308]) {
    for (const [name, call] of calls) {
      for (const host of ['127.0.0.1', 'localhost']) {
        it(`${code} to ${host} on another port: ${name}`, async () => {
          status = code;
          target = elsewhere.origin.replace('127.0.0.1', host);
          const before = elsewhere.arrivals.length;
          const error = await call(client()).catch((e: unknown) => e);
          const reached = elsewhere.arrivals.slice(before);
          expect(reached).toEqual([]);
          expect(error).toBeInstanceOf(SeatpayError);
          expect(leaked(renderings(error), [TOKEN, CARD.card_number, CARD.cvc])).toEqual([]);
          if (host === '127.0.0.1')
            figures.push(
              `| ${code} | ${name} | ${(error as Error).name}: ${(error as Error).message.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:A')} | ${reached.length} |`,
            );
        });
      }
    }
  }

  it('a fromPath upload (chunks sent over node:http) does not follow a redirect either', async () => {
    status = 307;
    target = elsewhere.origin;
    const dir = await mkdtemp(join(tmpdir(), 'seatpay-secrets-'));
    try {
      const path = join(dir, 'a.bin');
      await writeFile(path, new Uint8Array(100));
      const before = elsewhere.arrivals.length;
      const error = await client()
        .media.upload(await fromPath(path, { type: 'image/png' }), { operation_type: 'media' })
        .catch((e: unknown) => e);
      expect(elsewhere.arrivals.slice(before)).toEqual([]);
      expect(error).toBeInstanceOf(SeatpayError);
      figures.push(
        `| 307 | media.upload(fromPath) | ${(error as Error).name}: ${(error as Error).message.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:A')} | 0 |`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('absolute-looking path parameters stay on baseUrl (and on the route)', async () => {
    const site = await recordingServer();
    try {
      const c = createClient({
        baseUrl: site.origin,
        token: TOKEN,
        maxRetries: 0,
        logLevel: 'off',
      });
      const slugs = [
        'http://evil.test/x',
        '//evil.test',
        '/\\evil.test',
        '\\\\evil.test',
        'https:evil.test',
        '@evil.test',
        '%2F%2Fevil.test',
        '?x=1#y',
        '../..',
        '..',
        '.',
        '%2e%2e',
      ];
      for (const slug of slugs) {
        const before = site.arrivals.length;
        const error = await c.plans.get(slug).catch((e: unknown) => e);
        const arrived = site.arrivals.slice(before);
        if (arrived.length === 0) {
          expect(error).toBeInstanceOf(InvalidRequestError);
        } else {
          // One segment under the plan route, carrying the slug itself.
          expect(arrived.map((a) => a.url.startsWith('/v1/payments/plan/'))).toEqual([true]);
          expect(
            arrived.map((a) => decodeURIComponent(a.url.slice('/v1/payments/plan/'.length))),
          ).toEqual([slug]);
        }
        await expect(
          c.media.operationType(slug).then(
            () => 'sent',
            (e: unknown) => e,
          ),
        ).resolves.toSatisfy((result) => result === 'sent' || result instanceof SeatpayError);
      }
      expect(
        site.arrivals.every(
          (a) =>
            a.url.startsWith('/v1/payments/plan/') || a.url.startsWith('/v2/media/operationtype/'),
        ),
      ).toBe(true);
      expect(elsewhere.arrivals).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
