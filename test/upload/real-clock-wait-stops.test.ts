import { describe, expect, it } from 'vitest';
import { untilReal } from './support/real-clock-wait.js';

// loose25: untilReal (test/upload/support) polled until its condition held, after its test had
// ended too (timed out or failed): the next tests of the worker shared the CPU with a loop that
// never ended. It ends with its test now. Tests of one file run in order: the second sees the
// first's wait after the first ended.

let leftBehind: Promise<void> | undefined;
let polls = 0;

describe('untilReal', () => {
  it('is left polling by a test that ends without its condition', () => {
    leftBehind = untilReal(() => (polls++, false));
    leftBehind.catch(() => undefined); // judged in the next test
    expect(polls).toBe(1);
  });

  it('has stopped polling once that test ended', async () => {
    await expect(leftBehind).rejects.toThrow('its test ended before the condition held');
    // A wait of this test still polls, and resolves once its condition holds.
    let asked = 0;
    await untilReal(() => ++asked === 3);
    expect(asked).toBe(3);
  });
});
