// An msw service for the fuzz tests that answers every route of the SDK's route table, checks each
// request against SERVICE.md's wire format with the SDK's own exported request schemas, and
// records what it saw. A request it cannot place (unknown path, another origin) is recorded as a
// problem too. Tests swap the answers (`respond`) to fuzz response bodies.
import { http, HttpResponse } from 'msw';
import {
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  CardParamsSchema,
  CheckingParamsSchema,
  CheckoutParamsSchema,
  MediaMetaSchema,
  PayParamsSchema,
  SeatInputListSchema,
  SeatReplacementListSchema,
  routes,
  type Route,
  type RouteName,
} from '../../../src/index.js';
import { useMockHandlers } from '../../support/msw.js';

export const FUZZ_BASE_URL = 'https://api.fuzz.test';
export const FUZZ_TOKEN = 'tok_fuzz_5f1e2d3c4b';

/** One request as the service saw it. */
export interface SeenRequest {
  route: RouteName | undefined;
  method: string;
  url: URL;
  /** The `x-fuzz-run` header: which run of a property sent it. */
  run: string | null;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  headers: Headers;
  /** JSON (parsed), multipart fields (strings, or `{ size, name, type }` for files), or undefined. */
  body: unknown;
  /** What is wrong with the request; empty when it is well-formed for its route. */
  problems: string[];
  /**
   * The client gave up on this attempt while its body was on the way (its own `timeout`): the
   * body arrived cut off, so it is not judged; the retry that follows is.
   */
  abandoned: boolean;
}

export type Responder = (seen: SeenRequest) => Response | Promise<Response>;

/** Where requests must go and how they must authenticate; changed by the createClient fuzz. */
export interface Expectation {
  base: string;
  authorization: string;
}

const ROUTES = Object.entries(routes) as [RouteName, Route][];

/** The msw service for one test file. */
export function useFuzzService() {
  const seen: SeenRequest[] = [];
  const expect: Expectation = {
    base: FUZZ_BASE_URL,
    authorization: `Bearer ${FUZZ_TOKEN}`,
  };
  const state = {
    respond: validAnswer as Responder,
    /** Runs that paid: under `emptyUntilPaid`, their listing shows the new subscription only then. */
    paid: new Set<string | null>(),
    emptyUntilPaid: false,
  };
  useMockHandlers(
    http.all('*', async ({ request }) => {
      const entry = await inspectRequest(request, expect);
      seen.push(entry);
      if (entry.problems.length) {
        return HttpResponse.json({ detail: entry.problems.join('; ') }, { status: 400 });
      }
      if (entry.route === 'pay') state.paid.add(entry.run);
      if (entry.route === 'listSubscriptions' && state.emptyUntilPaid && !state.paid.has(entry.run))
        return HttpResponse.json({ subscriptions: [] });
      return state.respond(entry);
    }),
  );
  return {
    seen,
    expect,
    state,
    /** Back to well-formed answers and the default expectation. */
    reset() {
      seen.length = 0;
      state.respond = validAnswer;
      state.paid.clear();
      state.emptyUntilPaid = false;
      expect.base = FUZZ_BASE_URL;
      expect.authorization = `Bearer ${FUZZ_TOKEN}`;
    },
  };
}

async function inspectRequest(request: Request, expected: Expectation): Promise<SeenRequest> {
  const url = new URL(request.url);
  const problems: string[] = [];
  const base = new URL(expected.base);
  if (url.origin !== base.origin) problems.push(`sent to another origin: ${url.origin}`);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(basePath)) problems.push(`path outside baseUrl: ${url.pathname}`);
  if (url.search || url.hash) problems.push(`unexpected query or fragment: ${url.search}`);
  const path = url.pathname.slice(basePath.length);
  const match = matchRoute(request.method, path);
  if (!match) problems.push(`no route for ${request.method} ${url.pathname}`);
  if (request.headers.get('authorization') !== expected.authorization) {
    problems.push('wrong or missing Authorization header');
  }
  const read = await readBody(request, problems);
  const abandoned = read === ABANDONED;
  const body = abandoned ? undefined : read;
  const entry: SeenRequest = {
    run: request.headers.get('x-fuzz-run'),
    route: match?.name,
    method: request.method,
    url,
    params: match?.params ?? {},
    headers: request.headers,
    body,
    problems,
    abandoned,
  };
  if (match && !abandoned) problems.push(...checkRoute(entry));
  return entry;
}

function matchRoute(
  method: string,
  path: string,
): { name: RouteName; params: Record<string, string> } | undefined {
  for (const [name, route] of ROUTES) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = route.path.replace(/\{(\w+)\}/g, (_, param: string) => {
      names.push(param);
      return '([^/]+)';
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((param, index) => (params[param] = decodeURIComponent(found[index + 1]!)));
    } catch {
      continue; // a badly encoded segment: no route
    }
    return { name, params };
  }
  return undefined;
}

/** A body whose read the client aborted (see `SeenRequest.abandoned`). */
const ABANDONED = Symbol('abandoned');

async function readBody(request: Request, problems: string[]): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      const form = await request.formData();
      const fields: Record<string, unknown> = {};
      for (const [key, value] of form.entries()) {
        fields[key] =
          typeof value === 'string'
            ? value
            : { size: value.size, name: value.name, type: value.type };
      }
      return fields;
    } catch (error) {
      if ((error as Error | null)?.name === 'AbortError') return ABANDONED;
      problems.push(`unreadable multipart body: ${String(error)}`);
      return undefined;
    }
  }
  const text = await request.text();
  if (!text) return undefined;
  if (!type.startsWith('application/json')) problems.push(`body sent as ${type || 'no type'}`);
  try {
    return JSON.parse(text);
  } catch {
    problems.push('body is not JSON');
    return text;
  }
}

/** Problems of a request for its route, judged with the SDK's exported request schemas. */
function checkRoute(seen: SeenRequest): string[] {
  const problems: string[] = [];
  const { body, params } = seen;
  const noBody = () => body !== undefined && problems.push('unexpected body');
  const schema = (name: string, result: { success: boolean }) =>
    !result.success && problems.push(`${name} does not match its schema`);
  // The wire carries what the schema would produce: amounts as decimal strings, nothing to fix up.
  const canonical = (name: string, parse: (v: unknown) => unknown) => {
    try {
      if (JSON.stringify(parse(body)) !== JSON.stringify(body))
        problems.push(`${name} is not canonical`);
    } catch {
      problems.push(`${name} does not match its schema`);
    }
  };
  const id = (name: string) =>
    !/^[1-9]\d*$/.test(params[name] ?? '') && problems.push(`${name} is not a positive id`);
  const nonEmpty = (name: string) => !params[name] && problems.push(`${name} is empty`);

  switch (seen.route) {
    case 'getPlan':
      nonEmpty('plan_slug');
      noBody();
      break;
    case 'getOperationType':
      nonEmpty('operation_type');
      noBody();
      break;
    case 'listSubscriptions':
    case 'listConsumables':
    case 'listInvoices':
    case 'listOperationTypes':
      noBody();
      break;
    case 'getBillingTeam':
    case 'listSeats':
      id('subscription_id');
      noBody();
      break;
    case 'deleteSeat':
      id('subscription_id');
      id('seat_id');
      noBody();
      break;
    case 'checking': {
      schema('checking body', CheckingParamsSchema.safeParse(body));
      const type = (body as { type?: unknown } | undefined)?.type;
      if (type !== 'PREVIEW' && type !== 'BAG') problems.push('checking type is not PREVIEW/BAG');
      break;
    }
    case 'registerCard':
      schema('card body', CardParamsSchema.safeParse(body));
      break;
    case 'pay':
      schema('pay body', PayParamsSchema.safeParse(body));
      break;
    case 'consumableCheckout':
      schema('checkout body', CheckoutParamsSchema.safeParse(body));
      break;
    case 'updateBillingTeam':
      id('subscription_id');
      canonical('billing team patch', (v) => BillingTeamPatchSchema.parse(v));
      break;
    case 'replaceBillingTeam':
      id('subscription_id');
      canonical('billing team config', (v) => BillingTeamReplaceSchema.parse(v));
      break;
    case 'putSeats': {
      id('subscription_id');
      const record = (body ?? {}) as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length !== 1) problems.push('seat change must hold exactly one of add/replace');
      else if (keys[0] === 'add_seats')
        schema('add_seats', SeatInputListSchema.safeParse(record.add_seats));
      else if (keys[0] === 'replace_seats')
        schema('replace_seats', SeatReplacementListSchema.safeParse(record.replace_seats));
      else problems.push(`unknown seat change ${keys[0]}`);
      break;
    }
    case 'uploadChunk':
    case 'uploadAcademyChunk':
      problems.push(...checkChunk(seen));
      break;
    case 'finalizeUpload':
    case 'finalizeAcademyUpload':
      problems.push(...checkFinalize(seen));
      break;
  }
  return problems;
}

function checkAcademy(seen: SeenRequest): string[] {
  const academy = seen.headers.get('academy');
  const wantsAcademy =
    seen.route === 'uploadAcademyChunk' || seen.route === 'finalizeAcademyUpload';
  if (wantsAcademy && !academy) return ['academy route without an Academy header'];
  if (!wantsAcademy && academy !== null) return ['Academy header on a /me/ route'];
  return [];
}

function checkChunk(seen: SeenRequest): string[] {
  const problems = checkAcademy(seen);
  const form = seen.body as Record<string, unknown> | undefined;
  if (!form) return [...problems, 'chunk without a body'];
  const total = Number(form.total_chunks);
  const index = Number(form.chunk_index);
  if (typeof form.operation_type !== 'string' || !form.operation_type)
    problems.push('chunk operation_type is empty');
  if (!/^[1-9]\d*$/.test(String(form.total_chunks))) problems.push('bad total_chunks');
  if (!/^(0|[1-9]\d*)$/.test(String(form.chunk_index))) problems.push('bad chunk_index');
  if (!(index < total)) problems.push('chunk_index >= total_chunks');
  const chunk = form.chunk as { size?: unknown } | undefined;
  if (typeof chunk !== 'object' || typeof chunk?.size !== 'number')
    problems.push('chunk part is not a file');
  return problems;
}

function checkFinalize(seen: SeenRequest): string[] {
  const problems = checkAcademy(seen);
  const body = seen.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return [...problems, 'finalize without a JSON body'];
  for (const field of ['operation_type', 'filename', 'mime']) {
    if (typeof body[field] !== 'string' || !body[field]) problems.push(`finalize ${field} empty`);
  }
  if (!Number.isSafeInteger(body.total_chunks) || (body.total_chunks as number) < 1)
    problems.push('finalize total_chunks is not an integer >= 1');
  if (body.meta !== undefined) {
    try {
      const meta = typeof body.meta === 'string' ? JSON.parse(body.meta) : undefined;
      if (!MediaMetaSchema.safeParse(meta).success) problems.push('meta does not match its schema');
    } catch {
      problems.push('meta is not JSON-encoded');
    }
  }
  return problems;
}

/** A well-formed answer for each route (SERVICE.md shapes). */
export function validAnswer(seen: SeenRequest): Response {
  switch (seen.route) {
    case 'getPlan':
      return HttpResponse.json({ id: 1, slug: seen.params.plan_slug ?? 'team', title: 'Team' });
    case 'checking':
      return HttpResponse.json({ id: 5, type: 'BAG', token: 'bag_tok', amount_per_month: '10.00' });
    case 'registerCard':
      return HttpResponse.json({ status: 'ok' });
    case 'pay':
      return HttpResponse.json({ id: 9, amount: '10.00', status: 'FULFILLED' });
    case 'listSubscriptions':
      return HttpResponse.json({ subscriptions: [{ id: NEW_SUBSCRIPTION }] });
    case 'listConsumables':
      return HttpResponse.json([{ id: 1, how_many: 5 }]);
    case 'listInvoices':
      return HttpResponse.json([]);
    case 'getBillingTeam':
    case 'updateBillingTeam':
    case 'replaceBillingTeam':
      return HttpResponse.json({ id: 1, subscription: 2, seats_limit: 3 });
    case 'listSeats':
    case 'putSeats':
      return HttpResponse.json([{ id: 1, user: null, email: 'ada@example.com', is_active: true }]);
    case 'deleteSeat':
      return new HttpResponse(null, { status: 204 });
    case 'consumableCheckout':
      return HttpResponse.json({ id: 1, amount: '1.00', status: 'FULFILLED' });
    case 'listOperationTypes':
      return HttpResponse.json(['media']);
    case 'getOperationType':
      return HttpResponse.json({ chunk_size: CHUNK_SIZE, max_chunks: null });
    case 'uploadChunk':
    case 'uploadAcademyChunk': {
      const form = seen.body as Record<string, string>;
      return HttpResponse.json({
        operation_type: form.operation_type,
        total_chunks: Number(form.total_chunks),
        chunk_index: Number(form.chunk_index),
      });
    }
    case 'finalizeUpload':
    case 'finalizeAcademyUpload':
      return HttpResponse.json({ id: 1, name: 'file', status: 'CREATED' });
    default:
      return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
  }
}

/** The id of the subscription the listing shows (never one a generated `exclude` holds). */
export const NEW_SUBSCRIPTION = 777_777_777;
/** The chunk size of every operation type: small, so fuzzed sources make a few chunks. */
export const CHUNK_SIZE = 64;

/** The route a resource method is expected to call, as `METHOD path` of the route table. */
export function routeOf(name: RouteName): string {
  return `${routes[name].method} ${routes[name].path}`;
}
