import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Seatpay from '../../src/index.js';

// One Node process loads both builds, as an app does when one dependency imports seatpay and
// another requires it: an error thrown by either build is an instance of the other's classes.

type Build = typeof Seatpay;
const dist = join(import.meta.dirname, '..', '..', 'dist');
let esm: Build;
let cjs: Build;

beforeAll(async () => {
  if (!existsSync(join(dist, 'index.cjs')))
    throw new Error('dist/ is missing: run `npm run build`');
  esm = (await import(join(dist, 'index.js'))) as Build;
  cjs = createRequire(import.meta.url)(join(dist, 'index.cjs')) as Build;
});

const details = (status: number): Seatpay.APIErrorDetails => ({
  status,
  method: 'GET',
  url: 'https://api.example.com/v1/payments/plan/nope',
  body: { detail: 'Not found.' },
  headers: {},
  message: 'Not found.',
});

/** A client of `build` whose every answer is `status`, and the error its call rejects with. */
async function thrownBy(build: Build, status: number): Promise<unknown> {
  const client = build.createClient({
    baseUrl: 'https://api.example.com',
    token: 'token',
    maxRetries: 0,
    fetch: async () =>
      new Response(JSON.stringify({ detail: 'Nope.' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
  return client.plans.get('team').then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('errors are recognized across the ESM and CommonJS builds', () => {
  it('the two builds really are two copies with their own classes', () => {
    expect(esm.NotFoundError).not.toBe(cjs.NotFoundError);
    expect(
      Function.prototype[Symbol.hasInstance].call(
        cjs.NotFoundError,
        new esm.NotFoundError(details(404)),
      ),
    ).toBe(false);
  });

  it.for([
    ['ESM', 'CommonJS'],
    ['CommonJS', 'ESM'],
  ] as const)('an error a %s client threw is an instance of the %s classes', async ([from]) => {
    const [thrower, catcher] = from === 'ESM' ? [esm, cjs] : [cjs, esm];
    const error = await thrownBy(thrower, 404);
    expect(error).toBeInstanceOf(catcher.NotFoundError);
    expect(error).toBeInstanceOf(catcher.APIError);
    expect(error).toBeInstanceOf(catcher.SeatpayError);
    expect(error).not.toBeInstanceOf(catcher.ConflictError);
    expect(error).not.toBeInstanceOf(catcher.ConnectionError);
    const unauthorized = await thrownBy(thrower, 401);
    expect(unauthorized).toBeInstanceOf(catcher.AuthenticationError);
    expect(unauthorized).not.toBeInstanceOf(catcher.NotFoundError);
  });

  it("every exported error class recognizes the other build's instances, and no other class does", () => {
    const names = Object.keys(esm).filter(
      (name) => typeof (esm as Record<string, unknown>)[name] === 'function' && /Error$/.test(name),
    );
    expect(names.length).toBeGreaterThanOrEqual(20);
    const make = (build: Build, name: string): unknown => {
      const Class = (build as unknown as Record<string, new (...args: unknown[]) => unknown>)[
        name
      ]!;
      const plain = Object.create(Class.prototype) as object;
      return plain;
    };
    for (const name of names) {
      for (const [a, b] of [
        [esm, cjs],
        [cjs, esm],
      ] as const) {
        const value = make(a, name);
        const Same = (b as unknown as Record<string, unknown>)[name];
        expect(value instanceof (Same as new () => unknown), `${name} across builds`).toBe(true);
        expect(
          value instanceof (b.SeatpayError as unknown as new () => unknown),
          `${name} is a SeatpayError`,
        ).toBe(true);
      }
    }
    // A sibling class is still told apart: a TimeoutError is a ConnectionError, not the reverse.
    expect(make(esm, 'TimeoutError')).toBeInstanceOf(cjs.ConnectionError);
    expect(make(esm, 'ConnectionError')).not.toBeInstanceOf(cjs.TimeoutError);
  });

  it('a named failure from one build is its status class in the other', () => {
    const ownerOnly = new cjs.OwnerOnlyError(details(403));
    expect(ownerOnly).toBeInstanceOf(esm.PermissionDeniedError);
    expect(ownerOnly).toBeInstanceOf(esm.OwnerOnlyError);
    expect(ownerOnly).not.toBeInstanceOf(esm.NotFoundError);
  });

  it("a user's subclass keeps the plain check, and odd values are no instance (never a throw)", () => {
    class MyNotFound extends esm.NotFoundError {}
    expect(new cjs.NotFoundError(details(404))).not.toBeInstanceOf(MyNotFound);
    expect(new MyNotFound(details(404))).toBeInstanceOf(cjs.NotFoundError);
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(hostile instanceof cjs.SeatpayError).toBe(false);
    expect((null as unknown as object) instanceof cjs.SeatpayError).toBe(false);
    expect(new Error('plain') instanceof cjs.SeatpayError).toBe(false);
    // Something that merely claims the name is not an error of either build.
    expect({ name: 'NotFoundError', status: 404 } instanceof esm.NotFoundError).toBe(false);
  });
});
