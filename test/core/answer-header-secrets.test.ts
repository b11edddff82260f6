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

// The headers of an answer are searched for echoed secrets when first read, not on every call
// (most calls never read them): what a late read sees must still hide what the client knew when
// the answer came, though the client's list of secrets is bounded and moved on since.
describe('answer headers read late', () => {
  /** A client whose token provider hands out a new token for each call, and whose answers echo it. */
  function echoingClient() {
    let given = 0;
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: async () => `tok_${String(given++).padStart(3, '0')}_0123456789abcdef`,
      fetch: async (input: RequestInfo | URL) => {
        const sent = (input as Request).headers.get('authorization')!.split(' ')[1]!;
        return new Response(PLAN, {
          headers: { 'content-type': 'application/json', 'x-echo': sent, 'x-request-id': sent },
        });
      },
    });
    return client;
  }

  it('hides a token the client has dropped from its list since the answer came', async () => {
    const client = echoingClient();
    const first = client.plans.get('p');
    await first; // answered, its headers not read yet
    // 20 more tokens: the client keeps the last 16, so the first call's token is no longer known.
    for (let i = 0; i < 20; i++) await client.plans.get('p');
    const { response, requestId } = await first.withResponse();
    expect(response.headers.get('x-echo')).toBe('[REDACTED]');
    expect(requestId).toBe('[REDACTED]');
    const raw = await first.asResponse();
    expect(raw.headers.get('x-echo')).toBe('[REDACTED]');
    expect(await raw.json()).toEqual(JSON.parse(PLAN));
  });

  it('hides a token learned after the answer came', async () => {
    const tokens = ['tok_first_0123456789abcdef', SECOND];
    let given = 0;
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: async () => tokens[Math.min(given++, 1)]!,
      fetch: async () =>
        new Response(PLAN, { headers: { 'content-type': 'application/json', 'x-echo': SECOND } }),
    });
    const first = client.plans.get('p');
    await first;
    await client.plans.get('p'); // SECOND becomes a secret of the client
    const { response } = await first.withResponse();
    expect(response.headers.get('x-echo')).toBe('[REDACTED]');
  });

  it('leaves the headers of an answer that is only awaited unread', async () => {
    let read = 0;
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: 'tok_fixed_0123456789abcdef',
      fetch: async () => {
        const response = new Response(PLAN, {
          headers: { 'content-type': 'application/json', 'content-length': `${PLAN.length}` },
        });
        const { headers } = response;
        const forEach = headers.forEach.bind(headers);
        headers.forEach = (...args: Parameters<Headers['forEach']>) => {
          read++;
          forEach(...args);
        };
        return response;
      },
    });
    expect(await client.plans.get('p')).toEqual(JSON.parse(PLAN));
    expect(read).toBe(0);
    await client.plans.get('p').withResponse();
    expect(read).toBeGreaterThan(0);
  });
});
