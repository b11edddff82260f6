import { describe, expect, it } from 'vitest';
import * as seatpay from '../../src/index.js';

// An error's `name` is its class's `seatpayErrorClass` (page19: the class wrote it twice, as a
// field and as the static; the page carried both). What a user reads and prints stays the same:
// every exported class's instances are named after the class, a field of their own, set before
// the class's other fields; a user's subclass keeps its parent's name unless it sets one.
const details = {
  status: 404,
  message: 'No such plan',
  method: 'GET',
  url: 'https://api.example.com/v1/payments/plan/x',
  body: null,
  headers: {},
  issues: [],
  limit: 1,
  receivedBytes: 2,
  mayHaveBeenProcessed: false,
  code: null,
};

/** The exported classes a details object (or a message) builds alone. */
const errorClasses = Object.entries(seatpay as Record<string, unknown>).filter(
  (entry): entry is [string, new (...args: unknown[]) => Error] =>
    typeof entry[1] === 'function' &&
    /Error$/.test(entry[0]) &&
    ![
      'KeyReuseError',
      'SeatsRefusedError',
      'UploadDigestMismatchError',
      'UploadSourceError',
    ].includes(entry[0]),
);

describe("an error's name", () => {
  it('is its class name, for every exported error class', () => {
    expect(errorClasses.length).toBeGreaterThanOrEqual(30);
    for (const [name, ErrorClass] of errorClasses) {
      const error = new ErrorClass(details, details);
      expect(error.name, name).toBe(name);
      expect(Object.getOwnPropertyDescriptor(error, 'name'), name).toEqual({
        value: name,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      expect(String(error).startsWith(`${name}: `), name).toBe(true);
    }
  });

  it('comes before the fields of the class in what an error prints', () => {
    const error = new seatpay.NotFoundError({ ...details, code: null });
    expect(Object.keys(error).slice(0, 2)).toEqual(['name', 'status']);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  // The classes' fields are set by their constructors, in the order they are declared (page19:
  // each was also declared as a field first); an error's own keys print in that order.
  it('comes first among the own keys, then the fields in their order, for each class', () => {
    const api = ['status', 'method', 'url', 'body', 'headers', 'requestId', 'code'];
    const keysOf = (error: object) => Object.keys(error);
    expect(keysOf(new seatpay.NotFoundError(details))).toEqual([
      'name',
      ...api,
      'mayHaveBeenProcessed',
    ]);
    expect(keysOf(new seatpay.APIError({ ...details, code: undefined }))).toEqual([
      'name',
      ...api,
      'mayHaveBeenProcessed',
    ]);
    const connection = { mayHaveBeenProcessed: true, method: 'GET', url: details.url };
    for (const error of [
      new seatpay.ConnectionError('lost', connection),
      new seatpay.TimeoutError('late', connection),
    ])
      expect(keysOf(error)).toEqual(['name', 'mayHaveBeenProcessed', 'method', 'url']);
    expect(keysOf(new seatpay.AbortError())).toEqual(['name', 'mayHaveBeenProcessed']);
    expect(keysOf(new seatpay.RedirectError({ ...details, location: undefined }))).toEqual([
      'name',
      'status',
      'location',
      'method',
      'url',
      'mayHaveBeenProcessed',
    ]);
    expect(keysOf(new seatpay.ResponseTooLargeError(details))).toEqual([
      'name',
      'mayHaveBeenProcessed',
      'status',
      'limit',
      'receivedBytes',
      'method',
      'url',
    ]);
    expect(keysOf(new seatpay.InvalidRequestError('no'))).toEqual(['name', 'field', 'issues']);
    expect(keysOf(new seatpay.MaxChunksExceededError(9, 8))).toEqual([
      'name',
      'field',
      'issues',
      'totalChunks',
      'maxChunks',
    ]);
    expect(keysOf(new seatpay.ResponseValidationError(details))).toEqual([
      'name',
      'mayHaveBeenProcessed',
      'issues',
      'body',
      'method',
      'url',
    ]);
    const refused = { status: 400, applied: [], refused: [] };
    expect(keysOf(new seatpay.SeatsRefusedError(refused))).toEqual([
      'name',
      'status',
      'applied',
      'refused',
      'mayHaveBeenProcessed',
    ]);
    // A field given as undefined is still the error's own.
    expect(new seatpay.InvalidRequestError('no')).toHaveProperty('field', undefined);
    expect(Object.hasOwn(new seatpay.APIError({ ...details, headers: {} }), 'requestId')).toBe(
      true,
    );
  });

  it("is a user's subclass's parent's, unless the subclass names itself", () => {
    class PlanMissing extends seatpay.NotFoundError {}
    class Named extends seatpay.NotFoundError {
      override name = 'Named';
    }
    expect(new PlanMissing(details).name).toBe('NotFoundError');
    expect(new PlanMissing(details)).toBeInstanceOf(seatpay.NotFoundError);
    expect(new Named(details).name).toBe('Named');
    expect(new seatpay.SeatpayError('x').name).toBe('SeatpayError');
  });
});
