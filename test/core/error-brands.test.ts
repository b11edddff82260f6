// Every error class the main entry exports names itself for `instanceof` across the ESM and
// CommonJS builds (src/core/errors/error-brand.ts). A class that forgets its own name inherits its
// parent's, and a CommonJS copy of it would then match the parent's class only: this catches that
// in the fast suite, before the packed-package test does.
import { describe, expect, it } from 'vitest';
import * as seatpay from '../../src/index.js';

const errorClasses = Object.entries(seatpay).filter(
  (entry): entry is [string, typeof seatpay.SeatpayError] =>
    typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
);

describe('exported error classes', () => {
  it('are all SeatpayErrors', () => {
    expect(errorClasses.length).toBeGreaterThan(20);
    for (const [name, errorClass] of errorClasses) {
      expect(
        errorClass.prototype instanceof seatpay.SeatpayError || errorClass === seatpay.SeatpayError,
        name,
      ).toBe(true);
    }
  });

  it('each carry their own name as their brand', () => {
    for (const [name, errorClass] of errorClasses) {
      expect(
        Object.hasOwn(errorClass, 'seatpayErrorClass'),
        `${name} declares seatpayErrorClass`,
      ).toBe(true);
      expect((errorClass as unknown as { seatpayErrorClass: string }).seatpayErrorClass, name).toBe(
        name,
      );
    }
  });
});
