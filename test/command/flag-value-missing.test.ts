import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-in-process.js';

// newuser21: a flag given without its value (`seatpay checkout --key`, the value forgotten at the
// end of a line) was told in node:util's words, "Option '--key <value>' argument missing", and a
// value given to a switch "Option '--json' does not take an argument". Said as a user reads it.

const env = { SEATPAY_BASE_URL: 'http://127.0.0.1:9', SEATPAY_TOKEN: 'token-never-used' };

describe('seatpay, a flag without its value, or a switch given one', () => {
  it.each([
    [['checkout', '--key'], '--key needs a value: --key <value> (see seatpay checkout --help)'],
    [
      ['checkout', '--key', '--journal', 'j.db'],
      '--key needs a value, and what follows it is a flag (a value that starts with a dash goes as --key=-value) (see seatpay checkout --help)',
    ],
    [['seats', 'list', '7', '--json=yes'], '--json takes no value (see seatpay seats --help)'],
  ])('%j says which flag, exit 2', async (argv, message) => {
    const ran = await runInProcess(argv, env);
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr.trim()).toBe(`seatpay: ${message}`);
  });
});
