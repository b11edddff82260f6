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
   * - 'corrupt-assembly' (on finalize): the file is assembled wrong, as `corruption` says, and
   *   named by the md5 of what was assembled, as the service names every file; the answer is a
   *   success like any other.
   */
  kind:
    | 'status'
    | 'reset-before'
    | 'reset-after'
    | 'latency'
    | 'hang-after'
    | 'expire-token'
    | 'late-subscription'
    | 'concurrent-purchase'
    | 'corrupt-assembly';
  /** The status a `'status'` fault answers (100 to 599). */
  status?: number;
  /** The `Retry-After` header of a `'status'` answer (seconds, or an HTTP date). */
  retryAfter?: string;
  /** How long a `'latency'` fault waits before processing, in ms. */
  latencyMs?: number;
  /** How much later a `'late-subscription'` fault makes the subscription appear, in ms. */
  delayMs?: number;
  /**
   * How a `'corrupt-assembly'` fault assembles the file:
   * - 'misplaced-chunk': chunk 1 stored under index 0 and chunk 0 under 1 (a file of 2+ chunks);
   * - 'truncated-chunk': chunk 0 keeps only its first half;
   * - 'foreign-chunk': chunk 0 is a chunk of another upload the service holds (another name), else
   *   the first bytes of the file finalized before, else zeros: never this upload's bytes.
   */
  corruption?: 'misplaced-chunk' | 'truncated-chunk' | 'foreign-chunk';
  /**
   * The body of a 'status' answer (a string is sent as HTML). By default, what the profile's
   * server answers with that status: a 401 as a refused token (`{error, is_authenticated}` with
   * `WWW-Authenticate: Token` under 'deployed'), a 500 under 'deployed' as Django's HTML page
   * "Server Error (500)"; otherwise `{ detail, status_code }`.
   */
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
    'corrupt-assembly',
  ];
  if (!kinds.includes(spec.kind)) throw new TypeError(`faults.inject: unknown kind "${spec.kind}"`);
  if (spec.kind === 'corrupt-assembly') checkCorruption(spec);
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

export const CORRUPTIONS = ['misplaced-chunk', 'truncated-chunk', 'foreign-chunk'] as const;

/** A corrupt assembly only happens at finalize: on any other route it could never fire. */
function checkCorruption(spec: FaultSpec): void {
  if (!CORRUPTIONS.includes(spec.corruption as (typeof CORRUPTIONS)[number])) {
    throw new TypeError(
      `faults.inject: a corrupt-assembly fault needs \`corruption\`: ${CORRUPTIONS.map((c) => `'${c}'`).join(', ')}`,
    );
  }
  const path = normalize(String(spec.route)).split(' ')[1] ?? '';
  if (!/^\/v2\/media\/(me|academy)\/chunk\/upload$/.test(path)) {
    throw new TypeError(
      `faults.inject: a corrupt-assembly fault fires on finalize only ('POST /v2/media/me/chunk/upload' or '.../academy/chunk/upload', PUT on the deployed profile), not on "${String(spec.route)}"`,
    );
  }
}
