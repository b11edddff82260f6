import { describe, expect, it } from 'vitest';
import { answer, testClient, useMockService } from '../support/msw.js';
import { expectRejectedBeforeSending, PREVIEW } from './fixtures.js';

// checking.preview's arguments pass a hand-written check that lets zod's parse be skipped: it must
// never call valid what zod refuses, however the caller's array behaves.
const service = useMockService();
const { server, seen } = service;

describe('checking.preview refuses a bad plan however the array is walked', () => {
  it('reads the plans by index, as zod and JSON do: an own iterator cannot hide a bad plan', async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW, { status: 201 }));
    const plans: unknown[] = [12, -5];
    // A for...of walk sees only 12; JSON.stringify (what is sent) and zod read [12, -5].
    Object.defineProperty(plans, Symbol.iterator, {
      value: function* () {
        yield 12;
      },
    });
    const error = await expectRejectedBeforeSending(
      testClient().checking.preview({ plans: plans as number[] }),
      'plans.1',
      seen,
    );
    expect(error.message).toMatch(/plan/);
  });

  it('still sends a well-formed array whose iterator was replaced: what is read is what is sent', async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW, { status: 201 }));
    const plans: number[] = [12, 13];
    Object.defineProperty(plans, Symbol.iterator, {
      value: function* () {
        yield 99;
      },
    });
    await testClient().checking.preview({ plans });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toMatchObject({ plans: [12, 13] });
  });
});
