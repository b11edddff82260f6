// Bad input, property-based: arbitrary values for every argument of every public method. Each call
// either sends a well-formed request (checked by the service with the SDK's own request schemas,
// and against the arguments) or rejects with InvalidRequestError before anything is sent; never a
// TypeError or other foreign error, never a synchronous throw, never an unhandled rejection.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillingTeamSchema,
  createClient,
  InvalidRequestError,
  ResponseTooLargeError,
  spendingOf,
  type BillingTeam,
  type ClientOptions,
} from '../../src/index.js';
import { anything, nearValid } from './support/fuzz-arbitraries.js';
import {
  describe as describeError,
  FigureTable,
  judge,
  observe,
  trackUnhandledRejections,
  type Verdict,
} from './support/fuzz-judge.js';
import { clientOptions, METHODS } from './support/fuzz-methods.js';
import { FUZZ_BASE_URL, FUZZ_TOKEN, useFuzzService } from './support/fuzz-service.js';
import { fuzzRuns } from '../support/strength.js';

/** Fixed seeds and bounded runs: the same inputs on every machine, in about 10 s. */
const SEED = 20_260_611;
/** 500 at full strength (SEATPAY_FULL_STRENGTH=1), half by default; SEATPAY_FUZZ_RUNS sets it. */
const RUNS = fuzzRuns(500);

const service = useFuzzService();
const unhandled = trackUnhandledRejections();
const figures = new FigureTable([
  'runs',
  'valid request sent, resolved',
  'InvalidRequestError, nothing sent',
  'expected typed error (abort, timeout, helper)',
  'violations',
  'unhandled rejections',
  'ms',
]);
const COLUMN: Record<Verdict, string> = {
  sent: 'valid request sent, resolved',
  invalid: 'InvalidRequestError, nothing sent',
  'error-after-send': 'expected typed error (abort, timeout, helper)',
  violation: 'violations',
};

let run = 0;
/** A client whose requests carry the run's number, so a late request is never counted twice. */
function runClient(options: Partial<ClientOptions> = {}) {
  run++;
  return {
    id: String(run),
    client: createClient({
      baseUrl: FUZZ_BASE_URL,
      token: FUZZ_TOKEN,
      retryBaseDelay: 1,
      logLevel: 'off',
      headers: { 'x-fuzz-run': String(run) },
      ...options,
    }),
  };
}

beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  figures.print(
    `Input fuzz (seed ${SEED}, ${RUNS} runs per method): \`npx vitest run test/reliability/input-fuzz.full.test.ts\``,
  );
});

const params = <T>(name: string, seed: number): fc.Parameters<T> => ({
  seed,
  numRuns: RUNS,
  // A failing property is shrunk for at most this long, so a defect never stalls CI.
  interruptAfterTimeLimit: 60_000,
  reporter: (details: fc.RunDetails<T>) => {
    if (!details.failed) return;
    const why = details.errorInstance instanceof Error ? details.errorInstance.message : '';
    // Counterexamples can hold long strings: the report is cut to stay readable.
    throw new Error(`${name}: ${why}\n${fc.defaultReportMessage(details)}`.slice(0, 4_000));
  },
});

describe('every public method, with arbitrary arguments', () => {
  METHODS.forEach((method, index) => {
    it(method.name, async () => {
      service.reset();
      service.state.emptyUntilPaid = method.name === 'client.purchase';
      const started = Date.now();
      const before = await unhandled.count();
      await fc.assert(
        fc.asyncProperty(method.args, async (args) => {
          const { id, client } = runClient();
          const outcome = await observe(() => method.call(client, args));
          const requests = service.seen.filter((r) => r.run === id);
          const { verdict, problems } = judge(outcome, requests, method.allow(args));
          figures.add(method.name, 'runs');
          figures.add(method.name, COLUMN[verdict]);
          if (verdict === 'violation') throw new Error(problems.join('\n'));
        }),
        {
          ...params(method.name, SEED + index),
          examples: (method.examples ?? []).map((a): [unknown[]] => [a]),
        },
      );
      const after = await unhandled.count();
      figures.add(method.name, 'unhandled rejections', after - before);
      figures.add(method.name, 'ms', Date.now() - started);
      expect(after - before, 'unhandled rejections').toBe(0);
    });
  });
});

describe('createClient, with arbitrary options', () => {
  it('either throws InvalidRequestError at once, or makes a client that sends valid requests', async () => {
    service.reset();
    const started = Date.now();
    const before = await unhandled.count();
    const arbitrary = fc.oneof(
      { arbitrary: anything(), weight: 1 },
      { arbitrary: clientOptions(FUZZ_BASE_URL, FUZZ_TOKEN), weight: 4 },
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, async (options) => {
        figures.add('createClient', 'runs');
        let client;
        try {
          client = createClient(options as ClientOptions);
        } catch (error) {
          if (error instanceof InvalidRequestError) {
            figures.add('createClient', COLUMN.invalid);
            return;
          }
          figures.add('createClient', COLUMN.violation);
          throw new Error(`createClient threw ${describeError(error)}`, { cause: error });
        }
        const o = options as Record<string, unknown>;
        run++;
        const id = String(run);
        // Every request of this run must reach baseUrl with `<scheme> <token>`.
        service.expect.base = String(o.baseUrl);
        service.expect.authorization =
          `${(o.authScheme as string | undefined) ?? 'Bearer'} ${FUZZ_TOKEN}`.trim();
        const outcome = await observe(() =>
          client.media.finalize(
            { operation_type: 'media', total_chunks: 1, filename: 'a.png', mime: 'image/png' },
            { headers: { 'x-fuzz-run': id } },
          ),
        );
        const requests = service.seen.filter((r) => r.run === id);
        const { verdict, problems } = judge(outcome, requests, {
          // A timeout given (1 to 30 s) may run out on a loaded machine: the typed error it promises.
          timeout: typeof o.timeout === 'number' || typeof o.totalTimeout === 'number',
          // A tiny maxResponseBytes cuts the answer off: the typed error it promises.
          helperError: (error) =>
            error instanceof ResponseTooLargeError &&
            typeof o.maxResponseBytes === 'number' &&
            o.maxResponseBytes < 4096,
          check: (_value, seen) => {
            const wrong: string[] = [];
            const headers = seen[0]?.headers;
            const academy = o.academy;
            if (academy !== undefined && headers?.get('academy') !== String(academy))
              wrong.push('client academy not sent');
            if (o.headers !== undefined && headers?.get('x-client') !== 'fuzz')
              wrong.push('client headers not sent');
            return wrong;
          },
        });
        figures.add('createClient', COLUMN[verdict]);
        if (verdict === 'violation')
          throw new Error(`options gave a client that failed:\n${problems.join('\n')}`);
      }),
      {
        ...params('createClient', SEED - 1),
        // Options that once broke the SDK: run first, on every run of the suite.
        examples: [
          [{ baseUrl: `${FUZZ_BASE_URL}?x=1`, token: FUZZ_TOKEN }],
          [{ baseUrl: FUZZ_BASE_URL, token: 'tok\nsecret' }],
          [{ baseUrl: FUZZ_BASE_URL, token: FUZZ_TOKEN, timeout: 2 ** 40 }],
          [{ baseUrl: FUZZ_BASE_URL, token: FUZZ_TOKEN, logger: {}, logLevel: 'info' }],
          [{ baseUrl: FUZZ_BASE_URL, token: FUZZ_TOKEN, academy: 'a\nb' }],
          [{ baseUrl: `${FUZZ_BASE_URL}/api#`, token: FUZZ_TOKEN }],
          [{ baseUrl: `${FUZZ_BASE_URL}/api?`, token: FUZZ_TOKEN }],
        ],
      },
    );
    const after = await unhandled.count();
    figures.add('createClient', 'unhandled rejections', after - before);
    figures.add('createClient', 'ms', Date.now() - started);
    expect(after - before).toBe(0);
  });
});

describe('exported helpers that take results, with arbitrary values', () => {
  // What a client with `validate: 'off'` may hand over: anything the service sent.
  const teams = fc.oneof(
    { arbitrary: anything(), weight: 1 },
    {
      arbitrary: nearValid({
        max_period_spend: fc.oneof(fc.constant('100.00'), fc.constant(null), anything()),
        current_period_spend: fc.oneof(fc.constant('12.50'), fc.constant(null), anything()),
        max_monthly_spend: fc.oneof(fc.constant('90.00'), anything()),
        current_month_spend: fc.oneof(fc.constant('3.00'), anything()),
      }),
      weight: 3,
    },
  );

  it('spendingOf returns decimal strings or null, or throws InvalidRequestError', () => {
    const started = Date.now();
    fc.assert(
      fc.property(teams, (team) => {
        figures.add('spendingOf', 'runs');
        let spending;
        try {
          spending = spendingOf(team as BillingTeam);
        } catch (error) {
          if (!(error instanceof InvalidRequestError)) {
            figures.add('spendingOf', COLUMN.violation);
            throw new Error(`spendingOf threw ${describeError(error)}`, { cause: error });
          }
          figures.add('spendingOf', COLUMN.invalid);
          return;
        }
        figures.add('spendingOf', 'valid request sent, resolved');
        for (const amount of [spending.cap, spending.spent])
          expect(
            amount === null || (typeof amount === 'string' && amount !== '[object Object]'),
          ).toBe(true);
        // A billing team that matches its schema gives its own amounts, from either shape.
        if (BillingTeamSchema.safeParse(team).success) {
          const valid = team as BillingTeam;
          expect(spending.cap).toBe(valid.max_period_spend ?? valid.max_monthly_spend ?? null);
          expect(spending.spent).toBe(
            valid.current_period_spend ?? valid.current_month_spend ?? null,
          );
        }
      }),
      {
        ...params('spendingOf', SEED + 100),
        examples: [[null], [undefined], [[]], ['team'], [{ max_period_spend: {} }]],
      },
    );
    figures.add('spendingOf', 'ms', Date.now() - started);
  });
});
