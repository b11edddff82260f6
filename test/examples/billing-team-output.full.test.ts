import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// newuser25: `npm run example -- billing-team` printed "after PATCH: Team 101, PER_SEAT, ?/3
// seats": the PATCH answer has no seats_count, and a "?" told a new user nothing. Each line now
// says what its answer holds, and where it lacks the count, that it lacks it.

const root = resolve(import.meta.dirname, '../..');

/** `npm run example -- billing-team` without npm's start-up: the runner, as npm runs it. */
function runExample(): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SEATPAY_')),
  );
  return new Promise((done) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', 'examples/run.ts', 'billing-team'],
      { cwd: root, env },
      (error, stdout, stderr) =>
        done({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          output: stdout + stderr,
        }),
    ),
  );
}

describe('npm run example -- billing-team, read by a new user', () => {
  it('prints no "?", and says the PATCH answer has no count of seats in use', async () => {
    const { code, output } = await runExample();
    expect(code, output).toBe(0);
    const shown = output.split('\n').filter((line) => /^(now|after PATCH|after PUT):/.test(line));
    expect(shown).toHaveLength(3);
    for (const line of shown) expect(line).not.toContain('?');
    expect(shown[0]).toMatch(/, \d+\/3 seats, auto-recharge false,/);
    expect(shown[1]).toMatch(/, 3 seats \(this answer has no count in use\), auto-recharge true,/);
    expect(shown[2]).toMatch(/, \d+\/3 seats, auto-recharge true, spent [\d.]+ of 100\.00$/);
  });
});
