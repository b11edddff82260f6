// Review of the function-cause fix (knowngaps): an Error that is copied rather than kept (one that
// quotes a secret, holds a function in a field, or whose cause chain is a cycle) became a plain
// object with Error's prototype, which structuredClone copies field by field: a function in one
// of its fields threw DataCloneError quoting the function's source, as before the fix.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, SeatpayError } from '../../src/index.js';

const SOURCE_SECRET = 'sk_vault_5c2e8b1f9a3d4e7c';
function fetchFromVault() {
  return `Bearer sk_vault_5c2e8b1f9a3d4e7c`;
}

/** Two errors, each the other's cause, one holding a function. */
function cycleHoldingOne(): Error {
  const outer = Object.assign(new Error('vault down'), { retry: fetchFromVault });
  outer.cause = new Error('inner', { cause: outer });
  return outer;
}

const CAUSES: [string, () => unknown][] = [
  [
    'an error holding a function in a field',
    () => Object.assign(new Error('vault down'), { retry: fetchFromVault }),
  ],
  ['an error cycle holding one', cycleHoldingOne],
  [
    'a cause whose field is an error holding one',
    () => ({ failed: Object.assign(new Error('x'), { retry: fetchFromVault }) }),
  ],
];

function expectSafe(error: unknown) {
  expect(error).toBeInstanceOf(SeatpayError);
  const cloned: unknown = structuredClone(error);
  expect(inspect(cloned, { depth: 10 })).not.toContain(SOURCE_SECRET);
  expect(inspect(error, { depth: 10 })).not.toContain(SOURCE_SECRET);
}

describe('a function inside an error that is copied', () => {
  it.each(CAUSES)('built with %s', (_kind, cause) => {
    expectSafe(new SeatpayError('failed', { cause: cause() }));
  });

  it.each(CAUSES)('a token provider throwing %s', async (_kind, cause) => {
    const client = createClient({
      baseUrl: 'https://api.example.test',
      token: () => Promise.reject(cause()),
      maxRetries: 0,
      fetch: () => Promise.resolve(new Response('[]')),
      logLevel: 'off',
    });
    expectSafe(await client.plans.get('team').catch((e: unknown) => e));
  });
});
