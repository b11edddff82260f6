import { describe, expect, it } from 'vitest';
import {
  createCore,
  InvalidRequestError,
  NotFoundError,
  PlansResource,
  SeatsResource,
  SubscriptionsResource,
} from '../../src/index.js';
import { answer, BASE_URL, TOKEN, useMockService } from '../support/msw.js';
import { expectStandardHeaders, onlyRequest, PLAN } from './fixtures.js';

// A resource built alone on createCore is the same resource as on the client: same request path,
// same checks, same errors. Only the bundle differs (test/bundle/).

const service = useMockService();
const { server, seen } = service;
const core = () =>
  createCore({ baseUrl: BASE_URL, token: TOKEN, retryBaseDelay: 1, logLevel: 'off' });

describe('createCore', () => {
  it('checks its options like createClient, before anything is sent', () => {
    expect(() => createCore({ baseUrl: 'ftp://x', token: TOKEN })).toThrow(InvalidRequestError);
    expect(() => createCore({ baseUrl: BASE_URL, token: 'has space' })).toThrow(
      InvalidRequestError,
    );
    expect(seen).toHaveLength(0);
  });

  it('serves a resource built alone on it, with the standard headers and validation', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    const plan = await new PlansResource(core()).get('team-per-seat');

    expect(plan.slug).toBe(PLAN.slug);
    const request = await onlyRequest(service);
    expect(request.path).toBe('/v1/payments/plan/team-per-seat');
    expectStandardHeaders(request);
  });

  it('is shared by several resources, and their errors are the usual typed ones', async () => {
    server.use(answer('GET /v1/payments/me/subscription', { detail: 'gone' }, { status: 404 }));
    const shared = core();
    const subscriptions = new SubscriptionsResource(shared);
    await expect(subscriptions.list()).rejects.toBeInstanceOf(NotFoundError);
    await expect(new SeatsResource(shared).remove(0, 1)).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(seen).toHaveLength(1);
  });
});
