import { describe, expect, it } from 'vitest';
import { APIError, SeatpayError, TimeoutError } from '../../src/index.js';
import { AdvisedError } from '../../src/command/advised-error.js';
import { exitCodeOf, orderExitCodeOf } from '../../src/command/exit-codes.js';
import { reading, ReadFailure } from '../../src/command/read-failure.js';
import { CommandLineError } from '../../src/mock/cli/command-line-error.js';

// loose24: the command's two wrappers, a failure with advice (AdvisedError) and a failed read
// (ReadFailure), extended `Error`: the last errors of seatpay's that were not a `SeatpayError`
// (every error is one: caught, printed and logged the same way). Their exit codes, and what the
// command prints of them, are unchanged (test/command/outcomes.test.ts and others pin those).

const at = { method: 'PUT', url: 'http://127.0.0.1:9/v2/payments/subscription/7/billing-team' };
const lost = new TimeoutError('Request timed out after 100 ms', {
  mayHaveBeenProcessed: true,
  ...at,
});

describe("the command's wrappers", () => {
  it('AdvisedError is a SeatpayError named so, the advice and the error it wraps kept', () => {
    const advised = new AdvisedError(lost, 'see seatpay team get 7', { code: 'x' });
    expect(advised).toBeInstanceOf(SeatpayError);
    expect(advised.name).toBe('AdvisedError');
    expect(advised.message).toBe(lost.message);
    expect(advised.error).toBe(lost);
    expect(advised.cause).toBe(lost);
    expect(JSON.parse(JSON.stringify(advised))).toMatchObject({
      name: 'AdvisedError',
      message: lost.message,
      advice: 'see seatpay team get 7',
    });
    // Its own exit code, as a plain Error's was: 1 (main.ts tells the wrapped error's).
    expect(exitCodeOf(advised)).toBe(1);
    expect(orderExitCodeOf(advised)).toBe(1);
  });

  it('ReadFailure is a SeatpayError named so; a lost read still exits 1, never 3', async () => {
    const failed = await reading(() => Promise.reject(lost)).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ReadFailure);
    expect(failed).toBeInstanceOf(SeatpayError);
    expect((failed as ReadFailure).name).toBe('ReadFailure');
    expect((failed as ReadFailure).error).toBe(lost);
    expect(exitCodeOf(lost)).toBe(3);
    expect(exitCodeOf(failed)).toBe(1);
    const refused = new APIError({
      status: 404,
      body: {},
      headers: {},
      message: 'Not found',
      ...at,
    });
    expect(exitCodeOf(new ReadFailure(refused))).toBe(exitCodeOf(refused));
  });
});

describe("seatpay-mock's command-line mistake", () => {
  it('is a SeatpayError named CommandLineError, its cause (a port in use) kept', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    const mistake = new CommandLineError('port 4010 on 127.0.0.1 is already in use', {
      cause: inUse,
    });
    expect(mistake).toBeInstanceOf(SeatpayError);
    expect(mistake.name).toBe('CommandLineError');
    expect(mistake.cause).toBe(inUse);
    // No cause: a usage mistake (exit 2, src/mock/cli/main.ts), not a failure to listen (exit 1).
    expect(new CommandLineError('unknown option --prot').cause).toBeUndefined();
  });
});
