import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SeatpayError } from '../../src/index.js';
import { UsageError } from '../../src/command/usage-error.js';
import { runInProcess } from './run-in-process.js';

// loose23: the command's mistake on the command line extended `Error`, the one error of seatpay's
// that was not a `SeatpayError` (every error is one: caught, printed and logged the same way).
// What the command prints of it, and its exit code 2, are unchanged.

const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe("the command's usage mistake", () => {
  it('is a SeatpayError named UsageError, its lines among its printed fields', () => {
    const error = new UsageError('topups.csv has 2 mistakes:', ['line 2: a', 'line 3: b']);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error.name).toBe('UsageError');
    expect(String(error)).toBe('UsageError: topups.csv has 2 mistakes:');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'UsageError',
      message: 'topups.csv has 2 mistakes:',
      lines: ['line 2: a', 'line 3: b'],
    });
    expect(inspect(error)).toContain("lines: [ 'line 2: a', 'line 3: b' ]");
  });

  it('is still one line on stderr with the help named, no stack, and exit 2', async () => {
    const ran = await runInProcess(['seats', 'list'], env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toBe(
      'seatpay: missing <subscription>: seatpay seats list <subscription> (see seatpay seats --help)\n',
    );
    expect(ran.stdout).toBe('');
  });
});
