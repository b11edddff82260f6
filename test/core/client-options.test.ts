import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError, VERSION } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();

describe('createClient', () => {
  it.each([
    [{ baseUrl: 'not a url', token: 't' }, 'baseUrl'],
    [{ baseUrl: 'ftp://x.test', token: 't' }, 'baseUrl'],
    [{ baseUrl: 'https://x.test', token: '' }, 'token'],
    [{ baseUrl: 'https://x.test', token: 42 }, 'token'],
    [{ baseUrl: 'https://x.test', token: 't', timeout: -1 }, 'timeout'],
    [{ baseUrl: 'https://x.test', token: 't', maxRetries: Number.NaN }, 'maxRetries'],
  ])('rejects %j', (options, field) => {
    expect(() => createClient(options as never)).toThrow(InvalidRequestError);
    expect(() => createClient(options as never)).toThrow(expect.objectContaining({ field }));
  });

  it('appends paths to a base URL with a path prefix and trailing slash', async () => {
    server.use(answer('GET /api/v1/payments/plan/:slug', { slug: 'a b' }));
    const client = createClient({
      baseUrl: 'https://api.seatpay.test/api/',
      token: 't',
      logLevel: 'off',
    });
    await client.plans.get('a b/c');
    expect(seen[0]?.path).toBe('/api/v1/payments/plan/a%20b%2Fc');
  });

  it('sends the auth scheme, User-Agent, extra client headers and per-call headers', async () => {
    server.use(answer('GET /v1/payments/me/subscription', { subscriptions: [] }));
    await testClient({ authScheme: 'Token', headers: { 'X-Team': 'blue' } }).subscriptions.list({
      headers: { 'X-Trace': 'abc' },
    });
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'Token tok_live_secret_0123456789',
      'user-agent': `seatpay/${VERSION}`,
      'x-team': 'blue',
      'x-trace': 'abc',
      accept: 'application/json',
    });
  });

  it('VERSION matches package.json', () => {
    expect(VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
