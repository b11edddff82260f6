// How hard the heavy suites push (README, Development). By default `npm run test:all` runs them
// at a modest share of full strength; SEATPAY_FULL_STRENGTH=1 runs the figures RELIABILITY.md
// quotes; SEATPAY_FUZZ_RUNS and SEATPAY_LEAK_CALLS set a count outright.

const full = process.env.SEATPAY_FULL_STRENGTH === '1';

/** A count from `variable` when set, else `fullCount` at full strength, else `modest`. */
function scaled(variable: string, fullCount: number, modest: number): number {
  const set = process.env[variable];
  if (set !== undefined && set.trim() !== '') {
    const count = Number(set);
    if (!Number.isInteger(count) || count < 1)
      throw new Error(`${variable} must be a count: ${set}`);
    return count;
  }
  return full ? fullCount : modest;
}

/** fast-check runs of a property: `fullRuns` at full strength, half of it by default. */
export const fuzzRuns = (fullRuns: number): number =>
  scaled('SEATPAY_FUZZ_RUNS', fullRuns, Math.max(20, Math.round(fullRuns / 2)));

/**
 * Calls of the memory check: 10,000 at full strength, 8,000 by default (multiples of 1,000). At
 * 4,000 the fitted slope swung from −40 to +18 B/call, too near its bound of 64.
 */
export const leakCalls = (): number => scaled('SEATPAY_LEAK_CALLS', 10_000, 8_000);
