// review25: newuser25 made the result types interfaces over their schemas (for the hover's name).
// An interface over a loose object holds `[k: string]: unknown`, whose keys are `string | number`:
// a user's `(k: keyof Seat) => string`, or `Object.keys(seat) as (keyof Seat)[]` kept as
// `string[]`, compiled before and failed after (spending-of.ts itself needed `& string`). Pinned:
// each result's keys are strings, it still goes where a `Record<string, unknown>` is taken, and
// its own fields keep their types.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Bag,
  BillingTeam,
  CardResult,
  Checking,
  CheckoutResult,
  ChunkRecord,
  Consumable,
  ConsumptionSession,
  Currency,
  Invoice,
  MediaFile,
  OperationType,
  Payment,
  Plan,
  Seat,
  Service,
  ServiceItem,
  Subscription,
  SubscriptionList,
} from '../../src/index.js';

describe('a result type, as user code uses it', () => {
  it('has string keys', () => {
    expectTypeOf<keyof Seat>().toExtend<string>();
    expectTypeOf<keyof BillingTeam>().toExtend<string>();
    expectTypeOf<keyof Bag>().toExtend<string>();
    expectTypeOf<keyof CardResult>().toExtend<string>();
    expectTypeOf<keyof Checking>().toExtend<string>();
    expectTypeOf<keyof CheckoutResult>().toExtend<string>();
    expectTypeOf<keyof ChunkRecord>().toExtend<string>();
    expectTypeOf<keyof Consumable>().toExtend<string>();
    expectTypeOf<keyof ConsumptionSession>().toExtend<string>();
    expectTypeOf<keyof Currency>().toExtend<string>();
    expectTypeOf<keyof Invoice>().toExtend<string>();
    expectTypeOf<keyof MediaFile>().toExtend<string>();
    expectTypeOf<keyof OperationType>().toExtend<string>();
    expectTypeOf<keyof Payment>().toExtend<string>();
    expectTypeOf<keyof Plan>().toExtend<string>();
    expectTypeOf<keyof Service>().toExtend<string>();
    expectTypeOf<keyof ServiceItem>().toExtend<string>();
    expectTypeOf<keyof Subscription>().toExtend<string>();
    expectTypeOf<keyof SubscriptionList>().toExtend<string>();
  });

  it('goes where a record is taken, its fields typed', () => {
    expectTypeOf<Seat>().toExtend<Record<string, unknown>>();
    expectTypeOf<Payment>().toExtend<Record<string, unknown>>();
    expectTypeOf<Seat['email']>().not.toBeUnknown();
    expectTypeOf<Seat['anything']>().toBeUnknown();
  });
});
