// A client and everything it hands out, printed every way a user prints things: console.log and
// util.inspect (hidden properties too), JSON.stringify, structuredClone. None shows the token, a
// card number or a CVC (API.md, "Client"). A token the service echoes in `x-request-id` is hidden
// wherever the request id leaves (withResponse, errors, info and debug log lines), and what a token
// provider throws stays the error's `cause`, itself, unless it holds a secret.
import { format, inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIPromise,
  PlansResource,
  SeatpayError,
  createClient,
  createCore,
  memoryJournal,
  type ClientOptions,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { showsSecret } from '../support/secret-text.js';
import { printedLog } from '../support/printed-failure.js';

const TOKEN = 'tok_printed_7f3a9c2e51';
const CARD = { card_number: '4111111111111111', cvc: '737', exp_month: '12', exp_year: '2035' };
const SECRETS = [TOKEN, CARD.card_number, CARD.cvc];

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ ownerToken: TOKEN, subscriptionDelayMs: 0 });
});
afterAll(() => server.close());

/** Every way a user prints `value`; a print that throws gives its message instead. */
function printings(value: unknown): string[] {
  const attempt = (print: () => string) => {
    try {
      return print();
    } catch (error) {
      return `threw ${String(error)}`;
    }
  };
  return [
    attempt(() => format('%s', value)),
    attempt(() => format('%o', value)), // console.log's %o: hidden properties, depth 4
    attempt(() => inspect(value)), // console.log(value)
    attempt(() => inspect(value, { showHidden: true, depth: Infinity, getters: true })),
    attempt(() => String(JSON.stringify(value))),
    attempt(() => inspect(structuredClone(value), { showHidden: true, depth: Infinity })),
  ];
}

function expectNoSecret(value: unknown, label: string): void {
  for (const printed of printings(value)) {
    const shown = SECRETS.filter((secret) => showsSecret(printed, secret));
    expect(shown, `${label}: ${printed}`).toEqual([]);
  }
}

const options = (more: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl: server.url,
  token: TOKEN,
  retryBaseDelay: 1,
  logLevel: 'off',
  ...more,
});

describe('printing a client and what it hands out shows no secret', () => {
  it('a client with a fixed token, its resources, a withOptions client and a core', () => {
    const client = createClient(options());
    const core = createCore(options());
    const things: Record<string, unknown> = {
      client,
      withOptions: client.withOptions({ timeout: 5_000 }),
      core,
      'a resource on a core': new PlansResource(core),
      // Its source quotes the token: a clone that reached the function would print it.
      'a client whose provider holds the token': createClient(
        options({ token: () => 'tok_printed_7f3a9c2e51' }),
      ),
    };
    for (const name of Object.keys(client))
      things[`client.${name}`] = (client as unknown as Record<string, unknown>)[name];
    for (const [label, value] of Object.entries(things)) expectNoSecret(value, label);
    expect(Object.keys(things).length).toBeGreaterThan(10);

    const described = { baseUrl: server.url, profile: 'spec' };
    expect(inspect(client)).toBe(`SeatpayClient ${inspect(described)}`);
    expect(inspect(core)).toBe(`HttpCore ${inspect(described)}`);
    expect(JSON.parse(JSON.stringify(client))).toEqual(described);
    const cloned = structuredClone(client) as unknown as Record<string, unknown>;
    expect(Object.keys(cloned)).toEqual(Object.keys(client)); // the resources, each empty
    expect(cloned.plans).toEqual({});
  });

  it('after calls: the client, an APIPromise, a withResponse result, an error, a purchase and its journal record', async () => {
    const journal = memoryJournal();
    const client = createClient(options({ token: async () => TOKEN }));
    const pending = client.plans.get('personal');
    expect(pending).toBeInstanceOf(APIPromise);
    expectNoSecret(pending, 'a pending APIPromise');
    await pending;
    const withResponse = await client.plans.get('personal').withResponse();
    const error = await client.plans.get('no-such-plan').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeatpayError);
    const bought = await client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      card: CARD,
      chosen_period: 'MONTH',
      key: 'order-printed-1',
      journal,
    });
    const record = await journal.get('order-printed-1');
    // The finished purchase, recorded (so printing it below prints something worth checking).
    expect(record).toMatchObject({ kind: 'purchase', stage: 'done', charged: 'yes' });
    const things = { client, pending, withResponse, error, bought, record };
    for (const [label, value] of Object.entries(things)) expectNoSecret(value, label);
  });
});

/** A service that echoes the caller's token in `x-request-id` (a proxy, a debugging gateway). */
function echoingFetch(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const answer = await fetch(request);
    const headers = new Headers(answer.headers);
    headers.set('x-request-id', `req-${request.headers.get('authorization')?.split(' ')[1]}`);
    const echoed = new Response(answer.body, { status: answer.status, headers });
    return Object.defineProperty(echoed, 'url', { value: answer.url }); // as fetch's own has it
  };
}

describe('a token echoed in x-request-id', () => {
  it.each([
    ['info', 'a fixed token'],
    ['debug', 'a token provider'],
  ] as const)(
    'is hidden in withResponse().requestId, the error, and %s log lines (%s)',
    async (logLevel, given) => {
      const { logger, lines } = printedLog();
      const token = given === 'a fixed token' ? TOKEN : async () => TOKEN;
      const client = createClient(options({ fetch: echoingFetch(), logger, logLevel, token }));
      const answered = await client.plans.get('personal').withResponse();
      const { requestId, data, response } = answered;
      expect(data.slug).toBe('personal');
      expect(requestId).toMatch(/^req-.*REDACTED/);
      expect(response.headers.get('x-request-id')).toBe(requestId);
      expect([response.status, response.url]).toEqual([
        200,
        `${server.url}/v1/payments/plan/personal`,
      ]);
      expectNoSecret(answered, 'the withResponse result');
      const raw = await client.plans.get('personal').asResponse();
      expect(raw.headers.get('x-request-id')).toBe(requestId);
      expect(((await raw.json()) as { slug: string }).slug).toBe('personal');
      const error = await client.plans.get('no-such-plan').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, requestId: expect.stringMatching(/REDACTED/) });
      expect(lines.join('\n')).toMatch(/request id req-.*REDACTED/);
      expect(lines.join('\n')).not.toContain(TOKEN);
      expect(requestId).not.toContain(TOKEN);
    },
  );
});

class VaultError extends Error {
  override name = 'VaultError';
  constructor(
    message: string,
    readonly vault: string,
  ) {
    super(message);
  }
}

describe('what a token provider throws', () => {
  it('is the cause itself when it holds no secret (its class, its fields)', async () => {
    const thrown = new VaultError('the vault is sealed', 'prod');
    const client = createClient(
      options({
        token: () => {
          throw thrown;
        },
      }),
    );
    const error = await client.plans.get('personal').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeatpayError);
    expect((error as Error).cause).toBe(thrown);
    expect((error as Error).cause).toBeInstanceOf(VaultError);
  });

  it('is a redacted copy of its class when it quotes a token handed out before', async () => {
    let calls = 0;
    const client = createClient(
      options({
        token: () => {
          if (calls++ === 0) return TOKEN;
          throw new VaultError(`refresh of ${TOKEN} was refused`, 'prod');
        },
      }),
    );
    await client.plans.get('personal');
    const error = await client.plans.get('personal').catch((e: unknown) => e);
    const cause = (error as Error).cause as VaultError;
    expect(cause).toBeInstanceOf(VaultError);
    expect(cause).toMatchObject({ name: 'VaultError', vault: 'prod' });
    expect(cause.message).toMatch(/^refresh of .*REDACTED.* was refused$/);
    expectNoSecret(error, 'the error');
  });
});

describe('a service that echoes the card in its pay answer', () => {
  it('the journal record keeps no card number or CVC', async () => {
    const echoCard: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const answer = await fetch(request);
      if (!new URL(request.url).pathname.endsWith('/pay')) return answer;
      const body = (await answer.json()) as Record<string, unknown>;
      const echoed = { ...body, note: `paid with ${CARD.card_number} / ${CARD.cvc}` };
      return Response.json(echoed, { status: answer.status, headers: answer.headers });
    };
    const journal = memoryJournal();
    const client = createClient(options({ fetch: echoCard }));
    await client.purchase({
      plan: 'team-per-seat',
      team_seats: 2,
      card: CARD,
      chosen_period: 'MONTH',
      key: 'order-echo-1',
      journal,
    });
    const record = await journal.get('order-echo-1');
    expect(JSON.stringify(record)).toContain('paid with');
    expectNoSecret(record, 'the journal record');
  });
});
