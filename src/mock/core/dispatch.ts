import type { SimulatorState } from '../state/state.js';
import { clientGoneSignal } from './client-gone.js';
import { authenticate, tokenRefusal } from './auth.js';
import type { FaultSpec, Faults } from './faults.js';
import { ServerCrash, SimulatorError, fail } from './http-error.js';
import { localized } from './language.js';
import { requestId } from './random.js';
import { connectionReset, djangoPage, errorResponse, json, withHeader } from './respond.js';
import type { RouteMatch, Router } from './router.js';
import { sleep } from './timers.js';

export interface DispatchEnvironment {
  state: SimulatorState;
  router: Router;
  faults: Faults;
}

/**
 * The framework-neutral core: one web Request in, one web Response out, with an `x-request-id`.
 * `basePath` is the path the service is mounted under (from the msw adapter's base URL).
 */
export async function dispatch(
  env: DispatchEnvironment,
  request: Request,
  basePath = '',
): Promise<Response> {
  const response = await answer(env, request, basePath);
  return withHeader(response, 'x-request-id', requestId());
}

async function answer(
  env: DispatchEnvironment,
  request: Request,
  basePath: string,
): Promise<Response> {
  const method = request.method.toUpperCase();
  const path = stripBase(new URL(request.url).pathname, basePath);
  const match: RouteMatch = path === null ? { kind: 'none' } : env.router.match(method, path);
  const keys = [
    `${method} ${path}`,
    ...(match.kind === 'found' ? [`${method} ${match.route.path}`] : []),
  ];
  const fault = env.faults.take(keys);
  if (fault?.kind === 'reset-before') return connectionReset();
  if (fault?.kind === 'status') return faultAnswer(fault, env.state, request);
  if (fault?.kind === 'latency') await sleep(fault.latencyMs ?? 0);
  const response = await processRequest(env.state, request, match, fault);
  if (fault?.kind === 'expire-token') expireToken(env.state, request);
  // The request was processed and its effects stay; only the answer is lost.
  if (fault?.kind === 'hang-after') return hangUntilAborted(clientGoneSignal(request));
  return fault?.kind === 'reset-after' ? connectionReset() : response;
}

/** Never answers: the client's timeout or abort ends the exchange (the connection then drops). */
async function hangUntilAborted(signal: AbortSignal): Promise<Response> {
  await new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  return connectionReset();
}

/** The caller's token stops working; its user gets a fresh one. */
function expireToken(state: SimulatorState, request: Request): void {
  try {
    state.rotateToken(authenticate(state, request));
  } catch {
    // An unauthenticated request has no token to expire.
  }
}

async function processRequest(
  state: SimulatorState,
  request: Request,
  match: RouteMatch,
  fault: FaultSpec | undefined,
): Promise<Response> {
  try {
    if (match.kind === 'none') return notFound(state);
    if (match.kind === 'wrong-method')
      return fail(405, `Method "${request.method.toUpperCase()}" not allowed.`);
    const { route } = match;
    if (route.open)
      return await route.handler({ state, request, params: match.params, user: ANONYMOUS, fault });
    const isPublic = state.options.profile.publicRoutes.includes(`${route.method} ${route.path}`);
    const user = authenticate(state, request, isPublic ? ANONYMOUS : undefined);
    return await match.route.handler({ state, request, params: match.params, user, fault });
  } catch (error) {
    if (error instanceof SimulatorError) return errorResponse(localized(error, request));
    if (error instanceof ServerCrash) return djangoPage(500, 'Server Error (500)', '');
    return json({ detail: `Simulator error: ${(error as Error).message}`, status_code: 500 }, 500);
  }
}

/** The caller of a public route sent without credentials. */
const ANONYMOUS = { id: 0, email: '', token: '' };

/** An unknown path: a JSON 404, or the HTML page of the deployed server's Django. */
function notFound(state: SimulatorState): Response {
  if (state.options.profile.notFound === 'json') return fail(404, 'Not found.');
  return djangoPage(404, 'Not Found', 'The requested resource was not found on this server.');
}

/**
 * A 'status' fault: the given status, with the given body (a string goes verbatim, as HTML), else
 * as the profile's server answers that status: a 401 as a refused token, a 500 as that server's
 * crash (Django's HTML page under 'deployed'), any other `{detail, status_code}`. A test that
 * relies on a simulated failure then sees what the real server would send.
 */
function faultAnswer(fault: FaultSpec, state: SimulatorState, request: Request): Response {
  const status = fault.status ?? 500;
  let answer: Response;
  if (typeof fault.body === 'string') {
    answer = new Response(fault.body, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  } else if (fault.body === undefined && status === 401) {
    answer = errorResponse(localized(tokenRefusal(state, ''), request));
  } else if (fault.body === undefined && status === 500 && serverPages(state)) {
    answer = djangoPage(500, 'Server Error (500)', '');
  } else {
    answer = json(
      fault.body ?? { detail: `Simulated failure (HTTP ${status})`, status_code: status },
      status,
    );
  }
  return fault.retryAfter === undefined
    ? answer
    : withHeader(answer, 'retry-after', fault.retryAfter);
}

const serverPages = (state: SimulatorState) => state.options.profile.serverError === 'html';

function stripBase(pathname: string, basePath: string): string | null {
  const base = basePath.replace(/\/+$/, '');
  if (base === '') return pathname;
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : null;
}
