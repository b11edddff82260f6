import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type ClientOptions } from '../../src/index.js';
import { PLAN, sent } from '../resources/fixtures.js';
import { answer, testClient, useMockService } from '../support/msw.js';

const service = useMockService();
const { server } = service;
const PLAN_ROUTE = 'GET /v1/payments/plan/:slug';

describe('client.withOptions', () => {
  it('gives a new client with the options changed, and leaves the original as it was', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const original = testClient({ headers: { 'x-app': 'console' } });
    const traced = original.withOptions({ headers: { 'x-trace-id': 't-1' }, authScheme: 'Token' });
    expect(traced).not.toBe(original);
    await traced.plans.get('team-per-seat');
    await original.plans.get('team-per-seat');
    const [fromTraced, fromOriginal] = await sent(service, 2);
    expect(fromTraced!.headers['x-trace-id']).toBe('t-1');
    expect(fromTraced!.headers['x-app']).toBeUndefined(); // replaced whole, not merged
    expect(fromTraced!.headers.authorization).toMatch(/^Token /);
    expect(fromOriginal!.headers['x-trace-id']).toBeUndefined();
    expect(fromOriginal!.headers['x-app']).toBe('console');
    expect(fromOriginal!.headers.authorization).toMatch(/^Bearer /);
  });

  it.each<[string, unknown, string]>([
    ['a non-object', 'fast', 'options'],
    ['null', null, 'options'],
    ['a negative timeout', { timeout: -1 }, 'timeout'],
    ['an unusable token', { token: 'two words' }, 'token'],
    ['bad hooks', { hooks: { beforeRequest: [42] } }, 'hooks.beforeRequest'],
  ])('refuses %s with InvalidRequestError', (_name, changes, field) => {
    const client = testClient();
    let error: unknown;
    try {
      client.withOptions(changes as Partial<ClientOptions>);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe(field);
  });
});
