// The headers of an answer handed out (withResponse) hide the secrets the client knows, and the
// header values found clean are remembered only as long as no secret is added: a value seen
// clean before a provider's new token was remembered is hidden once that token is a secret.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

const PLAN = JSON.stringify({ id: 1, slug: 'p', title: 'P', status: 'ACTIVE', service_items: [] });
const SECOND = 'tok_second_0123456789abcdef';

describe('answer headers and secrets', () => {
  it('hides a header value that became a secret after it was seen clean', async () => {
    const tokens = ['first-Xq7Lw2Zp9Kd', SECOND];
    let given = 0;
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: async () => tokens[Math.min(given++, 1)]!,
      fetch: async () =>
        new Response(PLAN, {
          headers: { 'content-type': 'application/json', 'x-echo': SECOND },
        }),
    });
    const first = await client.plans.get('p').withResponse();
    expect(first.response.headers.get('x-echo')).toBe(SECOND); // no secret of the client yet
    const second = await client.plans.get('p').withResponse();
    expect(second.response.headers.get('x-echo')).toBe('[REDACTED]');
    const third = await client.plans.get('p').withResponse();
    expect(third.response.headers.get('x-echo')).toBe('[REDACTED]');
  });
});
