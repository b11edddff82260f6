import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document.js';
import { exchanges } from '../mock/parity/transcript.js';
import { answerChecker } from './support/answer-check.js';

// The deployed document against answers no one here wrote: every answer the real deployed server
// gave (docs/reference/real-exchanges.json) on a route the client calls follows the document in
// status, content type and body. A poll's body is a summary (real-exchanges.md), so only its
// status and content type are checked.
const check = answerChecker(openApiDocument('deployed'));
const seen = exchanges.map((exchange) => ({
  exchange,
  result: check({
    method: exchange.request.method,
    path: exchange.request.path.split('?')[0]!,
    status: exchange.response.status,
    contentType: exchange.response.contentType,
    body: exchange.notes?.some((note) => note.startsWith('body summarized'))
      ? undefined
      : exchange.response.body,
  }),
}));
const onRoutes = seen.filter(({ result }) => result.route !== null);

describe('every recorded real answer on a route the client calls follows the deployed document', () => {
  it.each(
    onRoutes.map(
      ({ exchange, result }) =>
        [
          `#${exchange.n} ${result.route} ${exchange.response.status}: ${exchange.step}`,
          result,
        ] as const,
    ),
  )('%s', (_, result) => {
    expect(result.problems).toEqual([]);
  });

  it('finds what a wrong answer breaks (the check is not empty)', () => {
    const plan = onRoutes.find(
      ({ exchange }) =>
        exchange.response.status === 200 && exchange.request.path.startsWith('/v1/payments/plan/'),
    )!.exchange;
    const wrong = { ...(plan.response.body as object), slug: 7, service_items: 'none' };
    const answer = { method: 'GET', path: plan.request.path, contentType: 'application/json' };
    expect(check({ ...answer, status: 200, body: plan.response.body }).problems).toEqual([]);
    expect(check({ ...answer, status: 200, body: wrong }).problems).toEqual([
      '200 application/json: /slug must be string',
      '200 application/json: /service_items must be array',
    ]);
    expect(
      check({ ...answer, status: 200, contentType: 'text/html', body: '<html>' }).problems,
    ).toEqual(['200: content type "text/html" is not documented']);
    expect(check({ ...answer, status: 418, body: {} }).problems).toEqual([
      'status 418 is not documented',
    ]);
  });

  it('leaves out only requests that are not a route the client calls (wrong verbs, unknown paths)', () => {
    const off = seen
      .filter(({ result }) => result.route === null)
      .map(
        ({ exchange }) =>
          `${exchange.request.method} ${exchange.request.template ?? exchange.request.path}`,
      );
    expect(onRoutes.length).toBeGreaterThan(150);
    expect(off.sort()).toEqual(
      [
        'DELETE /v1/payments/plan/seatpay-per-seat',
        'GET /v1/payments/checking',
        'GET /v1/payments/no-such-route',
        'GET /v1/payments/pay',
        'GET /v1/payments/plan/seatpay-per-seat/',
        'GET /v1/provisioning/me/consumables',
        // The deployed server has no PATCH on the billing team: its profile leaves the route out.
        'PATCH /v2/payments/subscription/{subscription_id}/billing-team',
        // Reading one seat by id: the deployed server has it, the client does not call it.
        'GET /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}',
        'GET /v2/payments/subscription/{subscription_id}/billing-team/seat/{seat_id}',
        'POST /__mock/consume',
        'POST /v1/payments/checking',
        'POST /v2/media/me/chunk',
        'POST /v2/media/me/chunk/upload',
        'PUT /v1/payments/card',
      ].sort(),
    );
  });
});
