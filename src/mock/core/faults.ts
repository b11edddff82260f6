/** What faults need of the router: the routes that exist. */
interface KnownRoutes {
  readonly templates: readonly string[];
  match(method: string, path: string): { kind: string };
}

/**
 * Injected failures, consumed in the order they were injected. A fault names a route as
 * "METHOD /path-template" (`POST /v1/payments/pay`), a concrete "METHOD /path", or '*'.
 *
 * @example
 * ```ts
 * // The next two plan reads answer 503 with Retry-After: 1; the client retries through them.
 * simulator.faults.inject({
 *   route: 'GET /v1/payments/plan/{plan_slug}',
 *   kind: 'status',
 *   status: 503,
 *   retryAfter: '1',
 *   times: 2,
 * });
 * ```
 * @category Simulator
 */
export interface FaultSpec {
  /** Which requests it hits: `'POST /v1/payments/pay'`, a concrete path, or `'*'` for any. */
  route: string;
  /**
   * - 'status': answer `status` (and `Retry-After` when `retryAfter` is set) without processing.
   * - 'reset-before': drop the connection before processing: nothing changes.
   * - 'reset-after': process the request (state changes, charges count), then drop the connection.
   * - 'latency': wait `latencyMs`, then process and answer normally.
   * - 'hang-after': process the request, then never answer (the answer is lost; the client's
   *   timeout or signal ends the wait).
   * - 'expire-token': process the request, then expire the caller's token: later requests with
   *   it get 401, and the `MockUser` holds a fresh one (a token provider reading it recovers).
   * - 'late-subscription' (on pay): the subscription appears `delayMs` later than usual.
   * - 'concurrent-purchase' (on pay): the same user buys the same plan elsewhere at that moment
   *   (another device, another script): a second charge and a subscription that appears at once.
   */
  kind:
    | 'status'
    | 'reset-before'
    | 'reset-after'
    | 'latency'
    | 'hang-after'
    | 'expire-token'
    | 'late-subscription'
    | 'concurrent-purchase';
  /** The status a `'status'` fault answers (100 to 599). */
  status?: number;
  /** The `Retry-After` header of a `'status'` answer (seconds, or an HTTP date). */
  retryAfter?: string;
  /** How long a `'latency'` fault waits before processing, in ms. */
  latencyMs?: number;
  /** How much later a `'late-subscription'` fault makes the subscription appear, in ms. */
  delayMs?: number;
  /** The body of a 'status' answer; default `{ detail, status_code }`. */
  body?: unknown;
  /** How many matching requests it hits; default 1, `Infinity` for all. */
  times?: number;
}

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

export class Faults {
  #active: ActiveFault[] = [];

  /** `router` tells the routes that exist: a fault on any other could never fire. */
  constructor(private readonly router: KnownRoutes) {}

  inject(spec: FaultSpec): void {
    checkSpec(spec);
    checkRoute(spec.route, this.router);
    this.#active.push({ spec: { ...spec }, remaining: spec.times ?? 1 });
  }

  clear(): void {
    this.#active = [];
  }

  /** The first fault that matches any of `routeKeys`, counted as used. */
  take(routeKeys: readonly string[]): FaultSpec | undefined {
    const fault = this.#active.find(
      ({ spec }) => spec.route === '*' || routeKeys.includes(normalize(spec.route)),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#active = this.#active.filter((active) => active !== fault);
    return fault.spec;
  }
}

const normalize = (route: string): string => {
  const [method = '', path = ''] = route.trim().split(/\s+/);
  return `${method.toUpperCase()} ${path}`;
};

/**
 * Refuses a route the simulator does not answer, listing those it does: a typo ('GET
 * /v1/payment/pay', a placeholder named differently) would otherwise never fire, silently.
 */
function checkRoute(route: unknown, router: KnownRoutes): void {
  if (route === '*') return;
  const templates = router.templates;
  const valid = `valid routes: '*', ${templates.map((t) => `'${t}'`).join(', ')}, or one of them with its {placeholders} filled in`;
  if (typeof route !== 'string')
    throw new TypeError(`faults.inject: \`route\` must be a string; ${valid}`);
  const key = normalize(route);
  const [method = '', path = ''] = key.split(' ');
  const known = templates.includes(key)
    ? true
    : !/[{}]/.test(path) && router.match(method, path).kind === 'found';
  if (!known) throw new TypeError(`faults.inject: unknown route "${route}"; ${valid}`);
}

function checkSpec(spec: FaultSpec): void {
  const kinds = [
    'status',
    'reset-before',
    'reset-after',
    'latency',
    'hang-after',
    'expire-token',
    'late-subscription',
    'concurrent-purchase',
  ];
  if (!kinds.includes(spec.kind)) throw new TypeError(`faults.inject: unknown kind "${spec.kind}"`);
  if (
    spec.kind === 'status' &&
    !(Number.isInteger(spec.status) && spec.status! >= 100 && spec.status! <= 599)
  ) {
    throw new TypeError('faults.inject: a status fault needs `status` (100..599)');
  }
  if (spec.kind === 'latency' && !(typeof spec.latencyMs === 'number' && spec.latencyMs >= 0)) {
    throw new TypeError('faults.inject: a latency fault needs `latencyMs` >= 0');
  }
  if (
    spec.kind === 'late-subscription' &&
    !(typeof spec.delayMs === 'number' && spec.delayMs >= 0)
  ) {
    throw new TypeError('faults.inject: a late-subscription fault needs `delayMs` >= 0');
  }
  if (spec.times !== undefined && !(spec.times >= 1))
    throw new TypeError('faults.inject: `times` must be >= 1');
}
