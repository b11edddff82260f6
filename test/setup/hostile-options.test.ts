// Options given as hostile objects (a Proxy whose every read or trap throws): createClient refuses
// them with an InvalidRequestError that names the option, never a plain Error from inside seatpay.
import { describe, expect, it } from 'vitest';
import { createClient, createCore, InvalidRequestError, SeatpayError } from '../../src/index.js';

const BASE = { baseUrl: 'https://api.example.com', token: 't0k' };

/** A Proxy whose every trap throws: every read, `in`, key listing and prototype lookup. */
function hostile(target: object = {}): object {
  const fail = () => {
    throw new Error('trap fired');
  };
  return new Proxy(target, {
    get: fail,
    has: fail,
    ownKeys: fail,
    getPrototypeOf: fail,
    getOwnPropertyDescriptor: fail,
  });
}

describe('an option that is a Proxy whose every trap throws', () => {
  it.each(['tracer', 'meter', 'hooks', 'logger', 'headers'])(
    '%s: an InvalidRequestError naming it',
    (field) => {
      for (const make of [createClient, createCore]) {
        const error = (() => {
          try {
            make({ ...BASE, [field]: hostile() });
          } catch (caught) {
            return caught;
          }
          return undefined;
        })();
        expect(error).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({ field });
        expect((error as Error).message).toMatch(new RegExp(`^Invalid ${field}: `));
      }
    },
  );

  it('the options object itself: an InvalidRequestError', () => {
    expect(() => createClient(hostile(BASE) as never)).toThrow(InvalidRequestError);
  });

  it('a function-valued Proxy as a hook or token is taken, and what it throws is a SeatpayError', async () => {
    const throwing = new Proxy(() => undefined, {
      apply: () => {
        throw new Error('hook broke');
      },
    });
    const fetch = () => Promise.resolve(new Response('{}'));
    const client = createClient({ ...BASE, fetch, hooks: { beforeRequest: [throwing] } });
    await expect(client.plans.get('team')).rejects.toBeInstanceOf(SeatpayError);
  });
});
