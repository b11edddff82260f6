import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/mock/index.js';
import { mockHandlers } from '../../src/mock/msw.js';
import { PlanSchema } from '../../src/schemas/index.js';
import { expectSchema } from './support.js';
import { useMockHandlers } from '../support/msw.js';

/** The msw adapter: the same simulator, reached through intercepted fetch, under a base path. */
const BASE = 'https://api.seatpay.test/api';
const simulator = createSimulator({ subscriptionDelayMs: 20 });
const server = useMockHandlers(...mockHandlers(simulator, BASE));
const auth = {
  authorization: `Token ${simulator.users.owner.token}`,
  'content-type': 'application/json',
};

afterEach(() => simulator.faults.clear());
afterAll(() => simulator.close());

describe('mockHandlers', () => {
  it('answers the routes under the base URL', async () => {
    const response = await fetch(`${BASE}/v1/payments/plan/team-per-team`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expectSchema(PlanSchema, await response.json());
  });

  it('answers JSON 404 and 405 for wrong paths and methods under the base URL', async () => {
    expect((await fetch(`${BASE}/v1/nope`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${BASE}/v1/payments/pay`, { headers: auth })).status).toBe(405);
  });

  it('parses multipart chunks through msw', async () => {
    const form = new FormData();
    form.append('operation_type', 'test-small');
    form.append('total_chunks', '1');
    form.append('chunk_index', '0');
    form.append('chunk', new Blob(['hello']), 'a.txt');
    const chunk = await fetch(`${BASE}/v2/media/me/chunk`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
      body: form,
    });
    expect(chunk.status).toBe(201);
    const file = await fetch(`${BASE}/v2/media/me/chunk/upload`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        operation_type: 'test-small',
        total_chunks: 1,
        filename: 'a.txt',
        mime: 'text/plain',
      }),
    });
    const { id } = await file.json();
    expect(new TextDecoder().decode(simulator.fileBytes(id))).toBe('hello');
  });

  it('turns both reset faults into a network error, after processing for reset-after', async () => {
    const buyer = simulator.addUser({ email: 'buyer@example.com' });
    const headers = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };
    const post = (method: string, path: string, body: unknown) =>
      fetch(`${BASE}${path}`, { method, headers, body: JSON.stringify(body) });
    const registerCard = () =>
      post('PUT', '/v1/payments/card', { card_number: '4242424242424242', cvc: '123' });
    const payNewBag = async () => {
      const bag = await (
        await post('POST', '/v1/payments/checking', { type: 'BAG', plans: [3] })
      ).json();
      return post('POST', '/v1/payments/pay', { token: bag.token, chosen_period: 'MONTH' });
    };
    simulator.faults.inject({ route: 'PUT /v1/payments/card', kind: 'reset-before' });
    await expect(registerCard()).rejects.toThrow(TypeError);
    expect((await payNewBag()).status).toBe(400);
    simulator.faults.inject({ route: 'PUT /v1/payments/card', kind: 'reset-after' });
    await expect(registerCard()).rejects.toThrow(TypeError);
    expect((await payNewBag()).status).toBe(201);
  });

  it("serves a deployed simulator's own routes: PUT checking, POST refused, HTML 404", async () => {
    const deployed = createSimulator({ subscriptionDelayMs: 20, profile: 'deployed' });
    const base = 'https://deployed.seatpay.test';
    server.use(...mockHandlers(deployed, base));
    const headers = {
      authorization: `Token ${deployed.users.owner.token}`,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ type: 'PREVIEW', plans: ['personal'] });
    const [put, post, missing] = await Promise.all([
      fetch(`${base}/v1/payments/checking`, { method: 'PUT', headers, body }),
      fetch(`${base}/v1/payments/checking`, { method: 'POST', headers, body }),
      fetch(`${base}/v1/provisioning/me/consumables`, { headers }),
    ]);
    expect([put.status, post.status, missing.status]).toEqual([201, 405, 404]);
    expect((await put.json()).token).toEqual(expect.any(String));
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    deployed.close();
  });
});
