import { describe, expect, it } from 'vitest';
import { answer, TOKEN, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();

describe('smoke', () => {
  it('gets a plan', async () => {
    server.use(
      answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team', price_per_month: 9.5 }),
    );
    const plan = await testClient().plans.get('team');
    expect(plan).toEqual({ id: 1, slug: 'team', price_per_month: '9.5' });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});
