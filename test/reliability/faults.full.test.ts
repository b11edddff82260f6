import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionError,
  createClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  type SeatpayClient,
} from '../../src/index.js';
import type { MockServer } from '../../src/mock/index.js';
import { closedPort } from '../support/loopback.js';
import { useFaultBed } from './support/fault-bed.js';
import { holdTimers, timeOutHeldRequests } from './support/held-timers.js';
import { printTable } from './support/faults-figures.js';
import {
  FIGURES_HEADER,
  figuresRow,
  runScenario,
  type Clients,
  type Figures,
  type Outcome,
  type Scenario,
} from './support/faults-scenario.js';

// Every fault of the issue's list, each over CALLS calls against the loopback simulator (its own
// fault injection, or the fault proxy in front of it for what happens to an answer in transit).
// A fixed seed decides which calls get a fault and which; each call's outcome is checked against
// the retry policy and error mapping of the README. Run alone:
//   npx vitest run test/reliability/faults.full.test.ts
const SEED = 0x5ea7_0001;
const CALLS = 40;
const MAX_RETRIES = 2;
/** Retry-After is capped to this, so a wait of 1 s or an HTTP date shows as "in 7 ms" in the log. */
const MAX_RETRY_DELAY = 7;
/**
 * Per-attempt timeout of the slow-headers scenarios, and how late those headers come. Both are on
 * the test's clock (support/held-timers.ts): an attempt's wait runs out only once the service holds
 * it for the late headers, and those never come while the call lasts. The unfaulted calls and the
 * retries that get through can never run out of time, however slow a loaded machine makes them.
 */
const SLOW_TIMEOUT = 1_000;
const SLOW_HEADERS = 60_000;
/** A scenario's guard against a hang. */
const SCENARIO_TIMEOUT = 180_000;

const PLAN = 'team-per-seat';
const GET_PLAN = 'GET /v1/payments/plan/{plan_slug}';
const GET_PLAN_PATH = `GET /v1/payments/plan/${PLAN}`;
const CHECKING = 'POST /v1/payments/checking';

const bed = useFaultBed(SEED, 5);
let refusedUrl: string;
const results: Figures[] = [];

beforeAll(async () => {
  refusedUrl = `http://127.0.0.1:${await closedPort()}`;
});

afterAll(() => {
  printTable(
    `Faults (seed ${SEED.toString(16)}, ${CALLS} calls each, maxRetries ${MAX_RETRIES})`,
    FIGURES_HEADER,
    results.map(figuresRow),
  );
});

const plan = () => bed.server.simulator.catalog[PLAN];
const getPlan = (client: SeatpayClient, timeout?: number) =>
  client.plans.get(PLAN, timeout === undefined ? {} : { timeout });
const preview = (client: SeatpayClient, timeout?: number) =>
  client.checking.preview(
    { plans: [plan().id], team_seats: 2 },
    timeout === undefined ? {} : { timeout },
  );
const isPlan = (result: unknown) => isDeepStrictEqual(result, plan());
/** A preview for 2 seats costs the month price plus two seats, as the catalog says. */
const isPreview = (result: unknown) => {
  const cents = (decimal: string) => Math.round(Number(decimal) * 100);
  const seat = cents(plan().seat_service_price!.price_per_unit);
  const total = cents(plan().price_per_month) + 2 * seat;
  const got = result as { type?: string; amount_per_month?: string; token?: unknown };
  return (
    got.type === 'PREVIEW' &&
    got.amount_per_month === (total / 100).toFixed(2) &&
    typeof got.token === 'string'
  );
};

/** A GET (retried) whose fault hits `times` attempts: it gets through while retries remain. */
function transient(times: number, failure: Exclude<Outcome, { ok: true }>): Outcome {
  return times <= MAX_RETRIES
    ? {
        ok: true,
        attempts: times + 1,
        ...(failure.retryWaitMs === undefined ? {} : { retryWaitMs: failure.retryWaitMs }),
      }
    : { ...failure, attempts: MAX_RETRIES + 1 };
}

const inject = (spec: Parameters<MockServer['simulator']['faults']['inject']>[0]) =>
  bed.server.simulator.faults.inject(spec);

/** A GET of the plan or a POST to checking, half the calls faulted by `fault`. */
function getAndPost(
  name: string,
  fault: (
    route: string,
    times: number,
    rng: Parameters<Scenario['arm']>[0],
  ) => { get: Outcome; post: Outcome },
  options: { via?: keyof Clients; route?: (method: 'GET' | 'POST') => string; slow?: boolean } = {},
): Scenario[] {
  const via = options.via ?? 'direct';
  const routeOf = options.route ?? ((method) => (method === 'GET' ? GET_PLAN : CHECKING));
  const timeout = options.slow ? SLOW_TIMEOUT : undefined;
  return (['GET', 'POST'] as const).map((method) => ({
    name: `${name}, ${method}`,
    calls: CALLS,
    arm: (rng) => {
      if (!rng.chance(0.5)) return { ok: true, attempts: 1, faulted: false };
      const times = rng.pick([1, 2, 3]);
      const outcome = fault(routeOf(method), times, rng);
      return { ...(method === 'GET' ? outcome.get : outcome.post), faulted: true };
    },
    call: (clients) => {
      const call = () =>
        method === 'GET' ? getPlan(clients[via], timeout) : preview(clients[via], timeout);
      return options.slow ? onTheTestsClock(call) : call();
    },
    correct: method === 'GET' ? isPlan : isPreview,
  }));
}

/** `call` with its attempts' timeouts and the late headers held: each held attempt times out. */
async function onTheTestsClock<T>(call: () => Promise<T>): Promise<T> {
  const clock = holdTimers([SLOW_TIMEOUT, SLOW_HEADERS]);
  try {
    const settled = call();
    await timeOutHeldRequests(clock, { timeoutMs: SLOW_TIMEOUT, heldMs: SLOW_HEADERS }, settled);
    return await settled;
  } finally {
    clock.restore();
  }
}

const proxyRoute = (method: 'GET' | 'POST') => (method === 'GET' ? GET_PLAN_PATH : CHECKING);

/** Connection refused: a faulted call goes to a closed port instead of the simulator. */
let refuseNext = false;
const refused: Scenario[] = (['GET', 'POST'] as const).map((method) => ({
  name: `connection refused, ${method}`,
  calls: CALLS,
  arm: (rng) => {
    refuseNext = rng.chance(0.5);
    // Nothing reached the service, so even a POST that creates a bag is sent again.
    return refuseNext
      ? {
          error: ConnectionError,
          mayHaveBeenProcessed: false,
          attempts: MAX_RETRIES + 1,
          faulted: true,
        }
      : { ok: true, attempts: 1, faulted: false };
  },
  call: (clients) => {
    const client = refuseNext ? clients.refused : clients.direct;
    return method === 'GET' ? getPlan(client) : preview(client);
  },
  correct: method === 'GET' ? isPlan : isPreview,
}));

const connectionDrop = (kind: 'reset-before' | 'reset-after') =>
  getAndPost(
    `connection reset ${kind === 'reset-before' ? 'before' : 'after'} processing`,
    (route, times) => {
      inject({ route, kind, times });
      const failure = { error: ConnectionError, mayHaveBeenProcessed: true, attempts: 1 } as const;
      return { get: transient(times, failure), post: failure };
    },
  );

const slowHeaders = getAndPost(
  `headers ${SLOW_HEADERS} ms late, timeout ${SLOW_TIMEOUT} ms`,
  (route, times) => {
    inject({ route, kind: 'latency', latencyMs: SLOW_HEADERS, times });
    const failure = { error: TimeoutError, mayHaveBeenProcessed: true, attempts: 1 } as const;
    return { get: transient(times, failure), post: failure };
  },
  { slow: true },
);

const serverErrors = getAndPost('500, 502, 503, 504', (route, times, rng) => {
  const status = rng.pick([500, 502, 503, 504]);
  // A 503 with Retry-After says it was not processed: even a POST is sent again then.
  const retryAfter = status === 503 && rng.chance(0.5) ? '0' : undefined;
  inject({ route, kind: 'status', status, times, ...(retryAfter ? { retryAfter } : {}) });
  // A 5xx may have been processed, unless it is a 503 that says when to come back.
  const failure = {
    error: InternalServerError,
    status,
    mayHaveBeenProcessed: !retryAfter,
    attempts: 1,
  } as const;
  return { get: transient(times, failure), post: retryAfter ? transient(times, failure) : failure };
});

const rateLimited = (
  name: string,
  retryAfter: (rng: Parameters<Scenario['arm']>[0]) => [string, number],
) =>
  getAndPost(name, (route, times, rng) => {
    const [header, waitMs] = retryAfter(rng);
    inject({ route, kind: 'status', status: 429, retryAfter: header, times });
    // A 429 says it was refused, so a POST is retried like a GET; the wait is the server's.
    const failure = {
      error: RateLimitError,
      status: 429,
      mayHaveBeenProcessed: false,
      attempts: 1,
      retryWaitMs: waitMs,
    } as const;
    return { get: transient(times, failure), post: transient(times, failure) };
  });

const rateLimitSeconds = rateLimited('429 with Retry-After: 1 (seconds)', () => [
  '1',
  MAX_RETRY_DELAY,
]);
const rateLimitDate = rateLimited('429 with Retry-After as an HTTP date', (rng) =>
  rng.chance(0.5)
    ? [new Date(Date.now() + 60_000).toUTCString(), MAX_RETRY_DELAY]
    : [new Date(Date.now() - 60_000).toUTCString(), 0],
);

const cutInTransit = getAndPost(
  '2xx body cut in transit',
  (route, times) => {
    bed.proxy.inject(route, { kind: 'truncate' }, times);
    const failure = { error: ConnectionError, mayHaveBeenProcessed: true, attempts: 1 } as const;
    return { get: transient(times, failure), post: failure };
  },
  { via: 'proxied', route: proxyRoute },
);

const NOT_JSON = {
  error: ResponseValidationError,
  mayHaveBeenProcessed: true, // it was answered 2xx
  issuePath: '',
  message: /the body is not JSON/,
  attempts: 1,
} as const;

// A whole answer whose JSON the server itself cut short: an answer that breaks its schema, not
// a lost connection, so it is not retried (see RELIABILITY.md for this choice).
const cutByServer = getAndPost(
  '2xx JSON cut short by the server',
  (route) => {
    const whole = JSON.stringify(plan());
    bed.proxy.inject(route, { kind: 'replace', body: whole.slice(0, whole.length >> 1) });
    return { get: NOT_JSON, post: NOT_JSON };
  },
  { via: 'proxied', route: proxyRoute },
);

const notJson = getAndPost(
  '2xx body that is not JSON',
  (route, _times, rng) => {
    const body = rng.pick(['OK', '<!doctype html><html><title>Welcome</title></html>', '']);
    const contentType = rng.pick(['text/html', 'application/json', 'text/plain']);
    bed.proxy.inject(route, { kind: 'replace', body, contentType });
    return { get: NOT_JSON, post: NOT_JSON };
  },
  { via: 'proxied', route: proxyRoute },
);

const PAGES: Record<number, string> = {
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
};
const htmlPages = getAndPost('HTML error page (nginx)', (route, times, rng) => {
  const status = rng.pick([502, 503, 504]);
  const title = PAGES[status]!;
  const body = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  inject({ route, kind: 'status', status, body, times });
  const message = new RegExp(`^${status} HTML error page: ${title} \\(`);
  const failure = {
    error: InternalServerError,
    status,
    message,
    mayHaveBeenProcessed: true,
    attempts: 1,
  } as const;
  return { get: transient(times, failure), post: failure };
});

/** Valid JSON under a wrong Content-Type is still read: a success, or the 404's typed error. */
let missingNext = false;
const wrongContentType: Scenario = {
  name: 'wrong Content-Type on valid JSON (2xx and 404)',
  calls: CALLS,
  arm: (rng) => {
    missingNext = rng.chance(0.25);
    const faulted = rng.chance(0.75);
    const path = missingNext ? 'GET /v1/payments/plan/no-such-plan' : GET_PLAN_PATH;
    const contentType = rng.pick([
      'text/html; charset=utf-8',
      'text/plain',
      'application/octet-stream',
      'application/xml',
    ]);
    if (faulted) bed.proxy.inject(path, { kind: 'content-type', contentType });
    return missingNext
      ? {
          error: NotFoundError,
          status: 404,
          message: /Plan not found/,
          mayHaveBeenProcessed: false,
          attempts: 1,
          faulted,
        }
      : { ok: true, attempts: 1, faulted };
  },
  call: (clients) => clients.proxied.plans.get(missingNext ? 'no-such-plan' : PLAN),
  correct: isPlan,
};

/** 200s whose body breaks the plan's schema, and the path each must be reported under. */
const BROKEN_PLANS: [string, string][] = [
  ['{"id":"1","slug":"team-per-seat"}', 'id'],
  ['{"id":1,"slug":null}', 'slug'],
  [
    '{"id":1,"slug":"team-per-seat","service_items":[{"how_many":"10"}]}',
    'service_items.0.how_many',
  ],
  ['{"id":1,"slug":"team-per-seat","service_items":{}}', 'service_items'],
  ['"team-per-seat"', ''],
  ['[]', ''],
];
const schemaBreak: Scenario = {
  name: '200 whose body breaks the schema',
  calls: CALLS,
  arm: (rng) => {
    if (!rng.chance(0.5)) return { ok: true, attempts: 1, faulted: false };
    const [body, path] = rng.pick(BROKEN_PLANS);
    bed.proxy.inject(GET_PLAN_PATH, { kind: 'replace', body, contentType: 'application/json' });
    // The message names the path too (there is none when the whole body is of the wrong type).
    const message = new RegExp(`^Unexpected response from GET [^:]+: ${path ? `${path}: ` : ''}`);
    return {
      error: ResponseValidationError,
      issuePath: path,
      message,
      mayHaveBeenProcessed: true,
      attempts: 1,
      faulted: true,
    };
  },
  call: (clients) => getPlan(clients.proxied),
  correct: isPlan,
};

const SCENARIOS: Scenario[] = [
  ...refused,
  ...connectionDrop('reset-before'),
  ...connectionDrop('reset-after'),
  ...slowHeaders,
  ...serverErrors,
  ...rateLimitSeconds,
  ...rateLimitDate,
  ...cutInTransit,
  ...cutByServer,
  ...notJson,
  ...htmlPages,
  wrongContentType,
  schemaBreak,
];

function makeClients(logger: Parameters<Parameters<typeof runScenario>[2]>[0]): Clients {
  const options = {
    token: bed.server.simulator.users.owner.token,
    maxRetries: MAX_RETRIES,
    retryBaseDelay: 1,
    maxRetryDelay: MAX_RETRY_DELAY,
    timeout: 5_000,
    logger,
    logLevel: 'info' as const,
  };
  return {
    direct: createClient({ ...options, baseUrl: bed.server.url }),
    proxied: createClient({ ...options, baseUrl: bed.proxy.url }),
    refused: createClient({ ...options, baseUrl: refusedUrl }),
  };
}

describe(`faults, ${CALLS} seeded calls each: typed errors, no wrong result, nothing unhandled`, () => {
  SCENARIOS.forEach((scenario, index) => {
    it(
      scenario.name,
      async () => {
        const figures = await runScenario(scenario, SEED + index, makeClients, () => {
          bed.server.simulator.faults.clear();
          bed.proxy.clear();
        });
        results.push(figures);
        expect(figures.wrongDetails).toEqual([]);
        expect(figures.wrong).toBe(0);
        expect(figures.unhandled).toBe(0);
        expect(figures.calls).toBe(CALLS);
        expect(figures.faulted).toBeGreaterThan(0);
        expect(figures.ok).toBe(figures.expectedOk);
        expect(figures.typed).toBe(figures.expectedTyped);
      },
      SCENARIO_TIMEOUT,
    );
  });
});

describe('what a ResponseValidationError says about the body', () => {
  // zod drops `issue.input`, so without the parsed body every wrong type read "is required".
  it('tells a field of the wrong type from a missing one', async () => {
    const client = createClient({
      baseUrl: bed.proxy.url,
      token: bed.server.simulator.users.owner.token,
      logLevel: 'off',
    });
    const issuesFor = async (body: string) => {
      bed.proxy.inject(GET_PLAN_PATH, { kind: 'replace', body, contentType: 'application/json' });
      const error = await getPlan(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      return (error as ResponseValidationError).issues;
    };
    expect(await issuesFor('{"id":"1","slug":"team-per-seat"}')).toEqual([
      { path: ['id'], message: 'must be a number' },
    ]);
    expect(await issuesFor('{"id":1}')).toEqual([{ path: ['slug'], message: 'is required' }]);
    expect(await issuesFor('"team-per-seat"')).toEqual([
      { path: [], message: 'must be an object' },
    ]);
  });
});
