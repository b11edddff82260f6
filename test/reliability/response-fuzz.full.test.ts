// Arbitrary answers, property-based: for every endpoint, the service answers any status with any
// body (fuzzed JSON, the right shape with a field wrong, raw bytes, nothing, cut-off JSON, HTML) and
// any content type. With `validate: 'error'` each call resolves to a value matching the exported
// response schema or rejects with the typed error that fits (APIError family for non-2xx,
// ResponseValidationError for a 2xx it cannot use); with 'warn' and 'off' it never crashes either.
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIError,
  BagSchema,
  BillingTeamSchema,
  CardResultSchema,
  CheckingSchema,
  CheckoutResultSchema,
  ChunkRecordSchema,
  ConnectionError,
  ConsumableListSchema,
  ConsumableSchema,
  createClient,
  MaxChunksExceededError,
  MediaFileSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
  PaymentSchema,
  PlanSchema,
  ResponseValidationError,
  SeatListSchema,
  PurchaseError,
  RedirectError,
  SeatpayError,
  SubscriptionListSchema,
  SubscriptionSchema,
  SubscriptionTimeoutError,
  UploadError,
  type RouteName,
  type SeatpayClient,
  type ValidationMode,
} from '../../src/index.js';
import {
  describe as describeError,
  FigureTable,
  observe,
  trackUnhandledRejections,
} from './support/fuzz-judge.js';
import {
  buildAnswer,
  fuzzedAnswer,
  validBodyOf,
  type FuzzedAnswer,
} from './support/fuzz-responses.js';
import { FUZZ_BASE_URL, FUZZ_TOKEN, useFuzzService, validAnswer } from './support/fuzz-service.js';
import { fuzzRuns } from '../support/strength.js';

const SEED = 20_260_612;
/** 200 at full strength (SEATPAY_FULL_STRENGTH=1), half by default; SEATPAY_FUZZ_RUNS sets it. */
const RUNS = fuzzRuns(200);

type Check = (value: unknown) => boolean;
const matches =
  (schema: { safeParse(value: unknown): { success: boolean } }): Check =>
  (value) =>
    schema.safeParse(value).success;

interface Endpoint {
  name: string;
  /** The routes whose answer is fuzzed, one per run; the others answer well. */
  routes: RouteName[];
  call: (client: SeatpayClient) => Promise<unknown>;
  /** A resolved value is right (under `validate: 'error'`). */
  check: Check;
  /** Typed errors of the helpers that this call may also end with. */
  helperError?: (error: SeatpayError) => boolean;
}

const CARD = { card_number: '4242424242424242', cvc: '123' };
const bytes = new Uint8Array(100).fill(7);
/** The subscription waitFor and purchase look for (the listing's new one). */
const ENDPOINTS: Endpoint[] = [
  {
    name: 'plans.get',
    routes: ['getPlan'],
    call: (c) => c.plans.get('team'),
    check: matches(PlanSchema),
  },
  {
    name: 'checking.preview',
    routes: ['checking'],
    call: (c) => c.checking.preview({ plans: [1], team_seats: 2 }),
    check: matches(CheckingSchema),
  },
  {
    name: 'checking.bag',
    routes: ['checking'],
    call: (c) => c.checking.bag({ plans: [1] }),
    check: matches(BagSchema),
  },
  {
    name: 'card.register',
    routes: ['registerCard'],
    call: (c) => c.card.register(CARD),
    check: matches(CardResultSchema),
  },
  {
    name: 'pay.bag',
    routes: ['pay'],
    call: (c) => c.pay.bag({ token: 'bag_tok', chosen_period: 'MONTH' }),
    check: matches(PaymentSchema),
  },
  {
    name: 'subscriptions.list',
    routes: ['listSubscriptions'],
    call: (c) => c.subscriptions.list(),
    check: matches(SubscriptionListSchema),
  },
  {
    name: 'subscriptions.waitFor',
    routes: ['listSubscriptions'],
    call: (c) => c.subscriptions.waitFor({ exclude: [], timeout: 10, interval: 2, maxInterval: 2 }),
    check: matches(SubscriptionSchema),
    helperError: (error) => error instanceof SubscriptionTimeoutError,
  },
  {
    name: 'billingTeam.get',
    routes: ['getBillingTeam'],
    call: (c) => c.billingTeam.get(2),
    check: matches(BillingTeamSchema),
  },
  {
    name: 'billingTeam.update',
    routes: ['updateBillingTeam'],
    call: (c) => c.billingTeam.update(2, { recharge_amount: '10.00' }),
    check: matches(BillingTeamSchema),
  },
  {
    name: 'billingTeam.replace',
    routes: ['replaceBillingTeam'],
    call: (c) =>
      c.billingTeam.replace(2, {
        auto_recharge_enabled: true,
        recharge_threshold_amount: '5.00',
        recharge_amount: '10.00',
        max_period_spend: null,
      }),
    check: matches(BillingTeamSchema),
  },
  {
    name: 'seats.list',
    routes: ['listSeats'],
    call: (c) => c.seats.list(2),
    check: matches(SeatListSchema),
  },
  {
    name: 'seats.add',
    routes: ['putSeats'],
    call: (c) => c.seats.add(2, [{ email: 'ada@example.com' }]),
    check: matches(SeatListSchema),
  },
  {
    name: 'seats.replace',
    routes: ['putSeats'],
    call: (c) =>
      c.seats.replace(2, [{ from_email: 'ada@example.com', to_email: 'bob@example.com' }]),
    check: matches(SeatListSchema),
  },
  {
    name: 'seats.remove',
    routes: ['deleteSeat'],
    call: (c) => c.seats.remove(2, 3),
    check: (v) => v === undefined,
  },
  {
    name: 'consumables.list',
    routes: ['listConsumables'],
    call: (c) => c.consumables.list(),
    check: matches(ConsumableListSchema),
  },
  {
    name: 'consumables.items',
    routes: ['listConsumables'],
    call: (c) => c.consumables.items(),
    check: (v) => Array.isArray(v) && v.every((item) => ConsumableSchema.safeParse(item).success),
  },
  {
    name: 'consumables.checkout',
    routes: ['consumableCheckout'],
    call: (c) => c.consumables.checkout({ service: 'ai-credits', how_many: 5, subscription: 2 }),
    check: matches(CheckoutResultSchema),
  },
  {
    name: 'media.operationTypes',
    routes: ['listOperationTypes'],
    call: (c) => c.media.operationTypes(),
    check: matches(OperationTypeListSchema),
  },
  {
    name: 'media.operationType',
    routes: ['getOperationType'],
    call: (c) => c.media.operationType('media'),
    check: matches(OperationTypeSchema),
  },
  {
    name: 'media.uploadChunk',
    routes: ['uploadChunk'],
    call: (c) =>
      c.media.uploadChunk({
        operation_type: 'media',
        total_chunks: 2,
        chunk_index: 1,
        chunk: bytes,
      }),
    check: matches(ChunkRecordSchema),
  },
  {
    name: 'media.finalize',
    routes: ['finalizeAcademyUpload'],
    call: (c) =>
      c.media.finalize({
        operation_type: 'media',
        total_chunks: 2,
        filename: 'a.png',
        mime: 'image/png',
        meta: { slug: 'a' },
        academy: 7,
      }),
    check: matches(MediaFileSchema),
  },
  {
    name: 'media.upload',
    routes: ['getOperationType', 'uploadChunk', 'finalizeUpload'],
    call: (c) =>
      c.media.upload(bytes, {
        operation_type: 'media',
        filename: 'a.bin',
        mime: 'image/png',
        maxRetries: 0,
      }),
    check: matches(MediaFileSchema),
    // A fuzzed operation type can legitimately forbid the file (max_chunks), or a chunk fail.
    helperError: (error) => error instanceof MaxChunksExceededError || error instanceof UploadError,
  },
  {
    name: 'client.purchase',
    routes: ['getPlan', 'listSubscriptions', 'checking', 'registerCard', 'pay', 'listConsumables'],
    call: (c) =>
      c.purchase({
        plan: 'team',
        card: CARD,
        chosen_period: 'MONTH',
        exclude: [1],
        waitTimeout: 10,
        pollInterval: 2,
      }),
    check: (v) =>
      typeof v === 'object' &&
      v !== null &&
      matches(SubscriptionSchema)((v as { subscription: unknown }).subscription),
    helperError: (error) => error instanceof SubscriptionTimeoutError,
  },
];

const service = useFuzzService();
const unhandled = trackUnhandledRejections();
const figures = new FigureTable([
  'runs',
  'resolved, matches schema',
  'APIError (non-2xx)',
  'ResponseValidationError (bad 2xx)',
  'other typed error',
  "resolved with validate 'warn'/'off'",
  'violations',
  'unhandled rejections',
  'ms',
]);

beforeAll(() => unhandled.start());
afterAll(() => {
  unhandled.stop();
  figures.print(
    `Response fuzz (seed ${SEED}, ${RUNS} runs per endpoint): \`npx vitest run test/reliability/response-fuzz.full.test.ts\``,
  );
});

let run = 0;
/** Statuses fetch itself turns into a network error under the SDK's settings. */
const FETCH_REFUSES = new Set([407]);
/** Redirects: with `redirect: 'manual'` seatpay sees them and refuses to follow them. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Why an outcome is wrong, or undefined when it is one of the allowed ones. */
function verdict(
  endpoint: Endpoint,
  mode: ValidationMode,
  answer: FuzzedAnswer,
  outcome: Awaited<ReturnType<typeof observe>>,
): { column: string; wrong?: string } {
  if (outcome.kind === 'resolved') {
    if (mode !== 'error') return { column: "resolved with validate 'warn'/'off'" };
    return endpoint.check(outcome.value)
      ? { column: 'resolved, matches schema' }
      : {
          column: 'violations',
          wrong: `resolved to a value outside its schema: ${inspect(outcome.value).slice(0, 200)}`,
        };
  }
  if (outcome.kind !== 'rejected') return { column: 'violations', wrong: `${outcome.kind}` };
  const error = outcome.error;
  if (!(error instanceof SeatpayError))
    return { column: 'violations', wrong: `rejected with ${describeError(error)}` };
  const rendering = renderingProblem(error);
  if (rendering) return { column: 'violations', wrong: rendering };
  // purchase() wraps every failure in PurchaseError: judge the typed failure it carries.
  return judgeTyped(endpoint, mode, answer, unwrapPurchase(error));
}

function unwrapPurchase(error: SeatpayError): SeatpayError {
  return error instanceof PurchaseError && error.cause instanceof SeatpayError
    ? error.cause
    : error;
}

function judgeTyped(
  endpoint: Endpoint,
  mode: ValidationMode,
  answer: FuzzedAnswer,
  error: SeatpayError,
): { column: string; wrong?: string } {
  const two = answer.status >= 200 && answer.status < 300;
  if (error instanceof APIError && !two) return { column: 'APIError (non-2xx)' };
  if (error instanceof ResponseValidationError && two && mode === 'error')
    return { column: 'ResponseValidationError (bad 2xx)' };
  // Without validation the caller accepted any body: any typed error is a fair end then.
  if (mode !== 'error') return { column: 'other typed error' };
  // A redirect is never followed (the token stays on baseUrl's origin): a RedirectError, typed.
  if (error instanceof RedirectError && REDIRECTS.has(answer.status))
    return { column: 'other typed error' };
  // fetch turns a 407 (no proxy to authenticate to) into a network error: a ConnectionError,
  // never a crash.
  if (error instanceof ConnectionError && FETCH_REFUSES.has(answer.status))
    return { column: 'other typed error' };
  if (endpoint.helperError?.(error) && causeIsTyped(error)) return { column: 'other typed error' };
  return { column: 'violations', wrong: `rejected with ${describeError(error)}` };
}

/** Every way a user prints an error works, and the parsed error body is the body that came. */
function renderingProblem(error: SeatpayError): string | undefined {
  try {
    JSON.stringify(error);
    inspect(error, { depth: 10 });
    String(error);
  } catch (thrown) {
    return `printing the error threw ${describeError(thrown)}`;
  }
  // The body is a faithful copy: a key named `__proto__` stays a key, it does not become a prototype.
  const body = (error as { body?: unknown }).body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const proto = Object.getPrototypeOf(body);
    if (proto !== Object.prototype && proto !== null)
      return 'the error body has a foreign prototype';
  }
  return undefined;
}

/** A helper's error carries a typed cause (or none), never a TypeError from inside. */
function causeIsTyped(error: SeatpayError): boolean {
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined || cause instanceof SeatpayError;
}

describe('every endpoint, with arbitrary answers', () => {
  ENDPOINTS.forEach((endpoint, index) => {
    it(endpoint.name, async () => {
      service.reset();
      const started = Date.now();
      const before = await unhandled.count();
      const arbitrary = fc.record({
        mode: fc.constantFrom<ValidationMode>('error', 'error', 'warn', 'off'),
        route: fc.constantFrom(...endpoint.routes),
        answer: fuzzedAnswer(),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ mode, route, answer }) => {
          run++;
          const id = String(run);
          service.state.respond = async (seen) => {
            if (seen.run !== id || seen.route !== route) return validAnswer(seen);
            return buildAnswer(answer, await validBodyOf(seen, validAnswer));
          };
          const client = createClient({
            baseUrl: FUZZ_BASE_URL,
            token: FUZZ_TOKEN,
            maxRetries: 0,
            validate: mode,
            logger: { error() {}, warn() {}, info() {}, debug() {} },
            logLevel: 'debug',
            headers: { 'x-fuzz-run': id },
          });
          const outcome = await observe(() => endpoint.call(client));
          const { column, wrong } = verdict(endpoint, mode, answer, outcome);
          figures.add(endpoint.name, 'runs');
          figures.add(endpoint.name, column);
          if (wrong)
            throw new Error(`validate '${mode}', ${route} answered ${answer.status}: ${wrong}`);
        }),
        {
          seed: SEED + index,
          numRuns: RUNS,
          interruptAfterTimeLimit: 60_000,
          reporter: (details) => {
            if (!details.failed) return;
            const why = details.errorInstance instanceof Error ? details.errorInstance.message : '';
            throw new Error(
              `${endpoint.name}: ${why}\n${fc.defaultReportMessage(details)}`.slice(0, 4_000),
            );
          },
        },
      );
      const after = await unhandled.count();
      figures.add(endpoint.name, 'unhandled rejections', after - before);
      figures.add(endpoint.name, 'ms', Date.now() - started);
      expect(after - before, 'unhandled rejections').toBe(0);
    });
  });
});
