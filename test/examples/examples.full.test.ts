import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';

// Every example runs itself (`npm run example -- <name>`: the simulator is started, the example
// run against it, the simulator stopped), and the same example runs unchanged against a server
// named by SEATPAY_BASE_URL and SEATPAY_TOKEN.

const root = resolve(import.meta.dirname, '../..');
const TIMEOUT_MS = 180_000;

/** The environment without any SEATPAY_ variable of the machine running the tests. */
function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SEATPAY_')),
  );
  return { ...env, ...extra };
}

/** `npm run example -- <name>` without npm's own start-up: the script it runs, as it runs it. */
function runExample(name: string, env = cleanEnvironment()) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'examples/run.ts', name],
      { cwd: root, env, timeout: TIMEOUT_MS },
      (error, stdout, stderr) =>
        done({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

/** What each example prints when it did its job. */
const EXAMPLES: Record<string, RegExp[]> = {
  'plans-and-checking': [/team-per-seat \(PER_SEAT\): [\d.]+ a month/, /subscription \d+ is ready/],
  consumables: [/bought 10 ai-credits for subscription \d+: 10\.00/, /after: \d+ consumable/],
  'errors-and-retries': [
    /preview with 0 seats: not sent, bad argument 'team_seats'/,
    /unknown plan: not found: 404/,
    /unreachable host: no connection \(may have been processed: false\)/,
    /aborted call: cancelled by the caller/,
  ],
  'billing-team': [
    /after PATCH: .*auto-recharge true, spent [\d.]+ of 50\.00/,
    /after PUT: .* of 100\.00/,
  ],
  seats: [/the service answered: ada\+\d+@example\.com/, /after remove: owner@example\.com/],
  media: [/chunk 2\/2 sent/, /file \d+ stored as \w+: (TRANSFERRING|CREATED)/],
  'purchase-flow': [/recharges: 1/, /fileStatus: 'CREATED'/],
};

describe.concurrent('npm run example -- <name>, against the simulator it starts', () => {
  for (const [name, expected] of Object.entries(EXAMPLES)) {
    it(name, { timeout: TIMEOUT_MS }, async ({ expect }) => {
      const { code, output } = await runExample(name);
      expect(output).toMatch(/against the simulator on http:\/\/127\.0\.0\.1:\d+/);
      for (const line of expected) expect(output).toMatch(line);
      expect(code, output).toBe(0);
    });
  }

  it('refuses an unknown name, listing the examples', async ({ expect }) => {
    const { code, output } = await runExample('no-such-example');
    expect(code).toBe(2);
    expect(output).toContain(`one of: ${Object.keys(EXAMPLES).sort().join(', ')}`);
  });
});

describe('an example against a server named by SEATPAY_BASE_URL and SEATPAY_TOKEN', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, subscriptionDelayMs: 100 });
  });
  afterAll(() => server.close());

  it(
    'runs unchanged against it, and starts no simulator of its own',
    { timeout: TIMEOUT_MS },
    async ({ expect }) => {
      const env = cleanEnvironment({
        SEATPAY_BASE_URL: server.url,
        SEATPAY_TOKEN: server.simulator.users.owner.token,
      });
      const { code, output } = await runExample('plans-and-checking', env);
      expect(code, output).toBe(0);
      expect(output).toContain(`example plans-and-checking: against ${server.url}`);
      expect(server.simulator.charges.map((charge) => charge.kind)).toEqual(['payment']);
    },
  );
});
