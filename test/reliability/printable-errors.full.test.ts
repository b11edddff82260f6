// Printable errors, property-based: the service answers with generated bodies of every shape
// (any JSON, nested up to 100,000 levels, 200,000 items wide, megabyte strings, keys such as
// `__proto__`, `toJSON` or `constructor`, cyclic-looking `$ref`s) under any status. Whatever came,
// the call ends in a SeatpayError (or resolves), and the error prints through JSON.stringify,
// util.inspect (at any depth) and String without throwing, in bounded size. Errors that carry a
// foreign value (an abort reason that is a Proxy whose every trap throws, an object with throwing
// getters, a BigInt, a cycle) print too.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { AbortError, createClient, SeatpayError, type ValidationMode } from '../../src/index.js';
import { fuzzRuns } from '../support/strength.js';
import { useMockHandlers } from '../support/msw.js';

const BASE = 'https://api.printable.test';
const SEED = 20_261_124;
/** 150 at full strength (SEATPAY_FULL_STRENGTH=1), half by default; SEATPAY_FUZZ_RUNS sets it. */
const RUNS = fuzzRuns(150);
/** No printed error may be longer than this, whatever the body held. */
const MAX_PRINTED = 256 * 1024;

/** Bodies as text: generated JSON values, and the pathological shapes, written out. */
const bodies: fc.Arbitrary<{ kind: string; text: string }> = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => ({ kind: 'any JSON', text: JSON.stringify(value) })),
  fc
    .record({ depth: fc.integer({ min: 100, max: 100_000 }), array: fc.boolean() })
    .map(({ depth, array }) => ({
      kind: `nested ${array ? 'arrays' : 'objects'}`,
      text: array
        ? '['.repeat(depth) + ']'.repeat(depth)
        : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    })),
  fc.integer({ min: 1_000, max: 200_000 }).map((width) => ({
    kind: 'wide',
    text: JSON.stringify({
      detail: 'wide',
      items: Array.from({ length: width }, (_, i) => ({ i })),
    }),
  })),
  fc.integer({ min: 100_000, max: 2_000_000 }).map((length) => ({
    kind: 'long string',
    text: JSON.stringify({ detail: 'x'.repeat(length) }),
  })),
  fc
    .constantFrom('__proto__', 'toJSON', 'constructor', 'prototype', 'inspect', 'then', '$ref')
    .chain((key) =>
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({
        kind: 'hostile keys',
        text: `{"${key}": ${JSON.stringify(value)}, "detail": {"${key}": {"$ref": "#"}}, "self": {"$ref": "#/self"}}`,
      })),
    ),
);

let current = { status: 200, text: '{}', type: 'application/json' };
const kinds = new Map<string, number>();
let printedMax = 0;

useMockHandlers(
  http.get(
    `${BASE}/v1/payments/plan/:slug`,
    () =>
      new HttpResponse(current.text, {
        status: current.status,
        headers: { 'content-type': current.type },
      }),
  ),
);
afterAll(() => {
  console.log(
    `\nPrintable errors (seed ${SEED}): ${[...kinds.values()].reduce((a, b) => a + b, 0)} bodies, ` +
      `0 throws from serialization, longest print ${printedMax} characters\n` +
      [...kinds].map(([kind, count]) => `  ${kind}: ${count}`).join('\n') +
      '\n',
  );
});

/** Every way a user prints an error; each must work and stay bounded. */
function printAll(error: unknown): string[] {
  return [
    JSON.stringify(error),
    inspect(error),
    inspect(error, { depth: Infinity }),
    inspect({ wrapped: error }, { depth: 3 }),
    String(error),
  ];
}

describe('every error prints, whatever the answer held', () => {
  it('generated bodies under any status', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom(200, 201, 400, 404, 409, 422, 500, 503),
        fc.constantFrom('application/json', 'text/plain', 'text/html'),
        fc.constantFrom<ValidationMode>('error', 'warn', 'off'),
        async (body, status, type, validate) => {
          current = { status, text: body.text, type };
          kinds.set(body.kind, (kinds.get(body.kind) ?? 0) + 1);
          const client = createClient({
            baseUrl: BASE,
            token: 'tok_printable_1234567890',
            maxRetries: 0,
            validate,
            logLevel: 'off',
          });
          const outcome = await client.plans.get('team').then(
            () => undefined,
            (e: unknown) => e,
          );
          if (outcome === undefined) return; // resolved: nothing to print
          expect(outcome).toBeInstanceOf(SeatpayError);
          for (const printed of printAll(outcome)) {
            printedMax = Math.max(printedMax, printed.length);
            expect(printed.length).toBeLessThan(MAX_PRINTED);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 100_000 },
    );
  }, 150_000);

  it('an abort whose reason is hostile (a Proxy that throws, throwing getters, a BigInt, a cycle)', async () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const throwing = {
      get message(): string {
        throw new Error('getter');
      },
      get stack(): string {
        throw new Error('getter');
      },
    };
    const trap = () => {
      throw new Error('trap');
    };
    const proxy = new Proxy(
      {},
      { get: trap, ownKeys: trap, getPrototypeOf: trap, has: trap, getOwnPropertyDescriptor: trap },
    );
    const reasons: unknown[] = [proxy, throwing, 10n, cycle, Symbol('why'), null, 'text', () => 1];
    for (const reason of reasons) {
      const controller = new AbortController();
      controller.abort(reason);
      const client = createClient({ baseUrl: BASE, token: 'tok_printable_1234567890' });
      const error = await client.plans
        .get('team', { signal: controller.signal })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AbortError);
      for (const printed of printAll(error)) expect(typeof printed).toBe('string');
    }
  });
});
