import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';

// A JSON call's request as it leaves the client: the bytes prepare() wrote when the call was made,
// as `application/json` whatever content type the client's own headers name, next to the call's
// own headers. The common call hands ky its text as ky's `json` option (the cheapest way through
// ky), a call with headers of its own as a body with headers: both must send the same request.

const CHECKING = {
  id: 7001,
  type: 'PREVIEW',
  status: 'CHECKING',
  token: '4259c1f1be6257098546a531a02d111a33fc7391',
  plans: [{ id: 1, slug: 'team-per-seat', title: 'Team, per seat', status: 'ACTIVE' }],
  currency: { code: 'USD', name: 'US Dollar' },
  is_recurrent: true,
  amount_per_month: '104.99',
  amount_per_quarter: null,
  amount_per_half: null,
  amount_per_year: '1139.99',
  seat_service_item: null,
  expires_at: '2026-11-25T15:18:03.125Z',
};

interface Sent {
  method: string;
  contentType: string | null;
  trace: string | null;
  body: string;
}

function recordingClient(headers?: Record<string, string>) {
  const sent: Sent[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.com',
    token: 'tok_json_body_0123456789',
    logLevel: 'off',
    ...(headers ? { headers } : {}),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({
        method: request.method,
        contentType: request.headers.get('content-type'),
        trace: request.headers.get('x-trace'),
        body: await request.text(),
      });
      return Response.json(request.method === 'GET' ? { subscriptions: [] } : CHECKING);
    },
  });
  return { client, sent };
}

const PREVIEW_TEXT = '{"plans":[1],"team_seats":3,"type":"PREVIEW"}';

describe('a JSON call as sent', () => {
  it('sends the text written when the call was made, as application/json', async () => {
    const { client, sent } = recordingClient();
    const params = { plans: [1], team_seats: 3 };
    const pending = client.checking.preview(params);
    // Changed before the request leaves: what is sent was fixed when the call was made.
    params.plans.push(2);
    params.team_seats = 9;
    await expect(pending).resolves.toMatchObject({ id: 7001 });
    expect(sent).toEqual([
      { method: 'POST', contentType: 'application/json', trace: null, body: PREVIEW_TEXT },
    ]);
  });

  it("is application/json even when the client's headers name another content type", async () => {
    const { client, sent } = recordingClient({ 'Content-Type': 'text/plain' });
    await client.checking.preview({ plans: [1], team_seats: 3 });
    await client.subscriptions.list();
    expect(sent.map(({ method, contentType }) => [method, contentType])).toEqual([
      ['POST', 'application/json'],
      ['GET', 'text/plain'], // the client's header, as given, on a call with no body
    ]);
    expect(sent[0]!.body).toBe(PREVIEW_TEXT);
  });

  it("carries the call's own headers with the same body and content type", async () => {
    const { client, sent } = recordingClient();
    await client.checking.preview({ plans: [1], team_seats: 3 }, { headers: { 'X-Trace': 't-1' } });
    expect(sent).toEqual([
      { method: 'POST', contentType: 'application/json', trace: 't-1', body: PREVIEW_TEXT },
    ]);
  });
});
