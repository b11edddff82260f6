// An `afterResponse` hook is the user's code, run after the service answered: whatever it does,
// the request it follows was sent once and may have been acted on. A hook that replaces a checkout's
// 201 with a 429, a 503 with Retry-After or a 400 must not make seatpay send the checkout again
// (the retry policy trusts those answers to mean "not processed"), nor record its key as not
// charged (a re-run would buy again); one that throws after the answer came must not say the
// request could not have been processed. In memory: every request goes to the simulator's handler.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  memoryJournal,
  NotFoundError,
  SeatpayError,
  type ClientHooks,
  type SeatpayClient,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

let owner: SeatpayClient;
let order: { service: string; how_many: number; subscription: number };
let charges: () => number;
let keys = 0;

beforeAll(async () => {
  ({ client: owner, order, charges } = await inMemorySubscriber('hook-answers@example.com'));
});

const REFUSALS = {
  '429 with Retry-After': () =>
    Response.json({ detail: 'slow down' }, { status: 429, headers: { 'retry-after': '0' } }),
  '503 with Retry-After': () =>
    Response.json({ detail: 'busy' }, { status: 503, headers: { 'retry-after': '0' } }),
  '400': () => Response.json({ detail: 'bad' }, { status: 400 }),
};

const hooked = (hooks: ClientHooks) => owner.withOptions({ hooks, maxRetries: 3 });

async function failureOf(call: Promise<unknown>): Promise<SeatpayError> {
  const error: unknown = await call.then(
    () => 'resolved',
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SeatpayError);
  return error as SeatpayError;
}

describe.each(Object.keys(REFUSALS) as (keyof typeof REFUSALS)[])(
  'an afterResponse hook that makes the checkout’s 201 a %s',
  (refusal) => {
    const hooks = { afterResponse: [() => REFUSALS[refusal]()] };

    it('fails the call as maybe processed, the checkout charged once, never sent again', async () => {
      const before = charges();
      const error = await failureOf(hooked(hooks).consumables.checkout(order));
      expect(error.mayHaveBeenProcessed).toBe(true);
      expect(error.message).toMatch(/afterResponse\[0\] hook replaced the service's 201 answer/);
      expect(charges() - before).toBe(1);
    });

    it('with a key: the key is not freed, a re-run buys nothing', async () => {
      const journal = memoryJournal();
      const keyed = { ...order, key: `lied-${++keys}`, journal };
      const before = charges();
      await failureOf(hooked(hooks).consumables.checkout(keyed));
      expect(await journal.get(keyed.key)).not.toMatchObject({ charged: 'no' });
      await owner.consumables.checkout(keyed).catch(() => undefined);
      expect(charges() - before).toBe(1);
    });
  },
);

/**
 * A Response as another copy of fetch makes it (undici's npm package, a polyfill, another realm):
 * tagged `Response`, which is what ky takes for an answer, but not `instanceof` the global one.
 */
function foreign(response: Response): Response {
  return new Proxy(response, {
    getPrototypeOf: () => Object.prototype,
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

describe('an afterResponse hook whose refusal is a Response from another fetch', () => {
  it('still cannot make the checkout’s 201 a 429 that is sent again', async () => {
    const refusal = () => foreign(REFUSALS['429 with Retry-After']());
    expect(refusal()).not.toBeInstanceOf(Response);
    const before = charges();
    const error = await failureOf(hooked({ afterResponse: [refusal] }).consumables.checkout(order));
    expect(charges() - before).toBe(1);
    expect(error.mayHaveBeenProcessed).toBe(true);
    expect(error.message).toMatch(/replaced the service's 201 answer with a 429/);
  });

  it('on a GET it is the answer the call reads', async () => {
    const gone = foreign(Response.json({ detail: 'gone' }, { status: 404 }));
    const call = hooked({ afterResponse: [() => gone] }).plans.get('team-per-seat');
    await expect(call).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('an afterResponse hook that throws once the checkout was answered', () => {
  it('fails the call with its error as the cause, maybe processed', async () => {
    const thrown = new Error('metrics backend down');
    const hooks = {
      afterResponse: [
        () => {
          throw thrown;
        },
      ],
    };
    const before = charges();
    const error = await failureOf(hooked(hooks).consumables.checkout(order));
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, cause: thrown });
    expect(charges() - before).toBe(1);
  });
});

describe('what a hook may still do', () => {
  it('make a GET’s 200 a 404: the call reads the hook’s answer', async () => {
    const hooks = { afterResponse: [() => Response.json({ detail: 'gone' }, { status: 404 })] };
    await expect(hooked(hooks).plans.get('team-per-seat')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('make a card registration’s 200 a 400 (a test double of a decline): an idempotent PUT reads it', async () => {
    const declined = () => Response.json({ detail: 'card declined' }, { status: 400 });
    const call = hooked({ afterResponse: [declined] }).card.register({
      card_number: '4242424242424242',
      cvc: '123',
      exp_month: '12',
      exp_year: '2030',
    });
    await expect(call).rejects.toBeInstanceOf(BadRequestError);
  });

  it('make an idempotent PATCH’s first answer a 503 with Retry-After: it is sent again and resolves', async () => {
    let busy = 1;
    const chaos = ({ request }: { request: Request }) =>
      request.method === 'PATCH' && busy-- > 0
        ? Response.json({ detail: 'busy' }, { status: 503, headers: { 'retry-after': '0' } })
        : undefined;
    const team = await hooked({ afterResponse: [chaos] }).billingTeam.update(order.subscription, {
      auto_recharge_enabled: false,
    });
    expect(team).toMatchObject({ auto_recharge_enabled: false });
    expect(busy).toBe(-1);
  });
});
