// Messages that say what to do (issue 31, point 5): a 401 to a call that sent credentials names the
// likely cause, a token given with its scheme is refused saying seatpay adds it, and a misspelled
// option from JavaScript names the option meant. The 401 bodies are the deployed server's own
// (shared/reference/real-exchanges.json, exchanges 5, 4 and 6).
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  createClient,
  InvalidRequestError,
  SeatpayError,
} from '../../src/index.js';
import { answer, BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();
const LIST = 'GET /v1/payments/me/subscription';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}

describe('a 401 to a call that sent credentials says the likely cause', () => {
  const notProvided = { detail: 'Authentication credentials were not provided.', status_code: 401 };

  it("a Bearer token the server ignored: use profile 'deployed'", async () => {
    server.use(answer(LIST, notProvided, { status: 401 }));
    const error = await rejection(testClient().subscriptions.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('Authentication credentials were not provided.');
    expect(error.message).toContain('`Authorization: Bearer …`');
    expect(error.message).toContain("profile: 'deployed'");
    expect(error.message).not.toContain(TOKEN);
  });

  it("a Token token the server ignored: use profile 'spec'", async () => {
    server.use(answer(LIST, notProvided, { status: 401 }));
    const error = await rejection(testClient({ profile: 'deployed' }).subscriptions.list());
    expect(error.message).toContain('`Authorization: Token …`');
    expect(error.message).toContain("profile: 'spec'");
  });

  it('a token the server read and refused, or that expired, says so', async () => {
    const invalid = {
      error: 'Invalid or Inactive Token',
      is_authenticated: 'False',
      status_code: 401,
    };
    server.use(answer(LIST, invalid, { status: 401 }));
    const refused = await rejection(testClient({ profile: 'deployed' }).subscriptions.list());
    expect(refused.message).toContain('Invalid or Inactive Token');
    expect(refused.message).toContain('the server refused the token');

    const expired = {
      error: 'Token expired at 2026-11-27 05:40:51.805253+00:00',
      is_authenticated: 'False',
      status_code: 401,
    };
    server.use(answer(LIST, expired, { status: 401 }));
    const late = await rejection(testClient({ profile: 'deployed' }).subscriptions.list());
    expect(late.message).toContain('the token expired: get a new one');
  });
});

describe('a token given with its scheme', () => {
  it('is refused at createClient, saying seatpay adds the scheme, without quoting the token', () => {
    const create = () => createClient({ baseUrl: BASE_URL, token: 'Bearer abc123secret' });
    expect(create).toThrow(InvalidRequestError);
    expect(create).toThrow(/starts with "Bearer ": pass the token alone, seatpay adds the scheme/);
    expect(create).toThrow(expect.objectContaining({ field: 'token' }));
    expect(create).not.toThrow(/abc123secret/);
  });

  it('from a token function, the call rejects before sending, saying the same', async () => {
    const client = testClient({ token: () => 'Token abc123secret' });
    const error = await rejection(client.subscriptions.list());
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error.message).toContain('starts with "Token ": pass the token alone');
    expect(error.message).not.toContain('abc123secret');
    expect(seen).toEqual([]);
  });
});

describe('a misspelled option from JavaScript names the option meant', () => {
  it.each([
    ['baseURL', 'baseUrl'],
    ['max_retries', 'maxRetries'],
    ['timeOut', 'timeout'],
    ['logLevels', 'logLevel'],
    ['tracers', 'tracer'],
    ['Tracer', 'tracer'],
  ])('%s: did you mean %s?', (key, meant) => {
    const options: Record<string, unknown> = { baseUrl: BASE_URL, token: TOKEN, [key]: 1 };
    if (key === 'baseURL') {
      delete options.baseUrl;
      options.baseURL = BASE_URL;
    }
    const create = () => createClient(options as never);
    expect(create).toThrow(InvalidRequestError);
    expect(create).toThrow(`Unknown option \`${key}\`: did you mean \`${meant}\`?`);
  });

  it('a key near no option is left alone', () => {
    expect(() =>
      createClient({ baseUrl: BASE_URL, token: TOKEN, plugins: [] } as never),
    ).not.toThrow();
  });
});
