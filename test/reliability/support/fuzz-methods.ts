// Every public method of the client, with an arbitrary of its argument lists (anything at all, or
// near-valid), how to call it, and how to check a call that went through against its arguments.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  BagSchema,
  BillingTeamPatchSchema,
  BillingTeamReplaceSchema,
  BillingTeamSchema,
  CardParamsSchema,
  CardResultSchema,
  CheckingParamsSchema,
  CheckingSchema,
  CheckoutParamsSchema,
  CheckoutResultSchema,
  ChunkRecordSchema,
  ConsumableListSchema,
  ConsumableSchema,
  MediaFileSchema,
  MediaMetaSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
  PayParamsSchema,
  PaymentSchema,
  PlanSchema,
  SeatInputListSchema,
  SeatListSchema,
  SeatReplacementListSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  TimeoutError,
  UploadError,
  UploadSourceError,
  type RouteName,
  type SeatpayClient,
  type SeatpayError,
} from '../../../src/index.js';
import {
  anyString,
  anything,
  argumentLists,
  idLike,
  mostly,
  nearValid,
  requestOptions,
  valid,
} from './fuzz-arbitraries.js';
import type { Allowance } from './fuzz-judge.js';
import { CHUNK_SIZE, NEW_SUBSCRIPTION } from './fuzz-service.js';

export interface MethodCase {
  name: string;
  args: fc.Arbitrary<unknown[]>;
  call: (client: SeatpayClient, args: unknown[]) => unknown;
  /** What the call may end with, and the check of a call that went through. */
  allow: (args: unknown[]) => Allowance;
  /** Argument lists that once broke the SDK: run first, on every run of the suite. */
  examples?: unknown[][];
}

const cycle: Record<string, unknown> = { name: 'loop' };
cycle.self = cycle;

type Schema = { safeParse(value: unknown): { success: boolean } };
type Parser = { parse(value: unknown): unknown };

/** `String(value)`, or a marker for values that have no string form (a null-prototype object). */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '<no string form>';
  }
}

/** JSON as the wire carries it. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Options that allow a timeout (a valid number was given) or an abort (an aborted signal). */
function fromOptions(options: unknown, timeoutKey = 'timeout'): Allowance {
  const record = (typeof options === 'object' && options !== null ? options : {}) as Record<
    string,
    unknown
  >;
  const timeout = record[timeoutKey];
  const signal = record.signal;
  return {
    timeout: typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 0,
    abort: signal instanceof AbortSignal && signal.aborted,
  };
}

/**
 * A call that sends exactly one request to `route`, with these decoded path parameters and this
 * JSON body, and resolves to a value `result` accepts.
 */
function one(
  route: RouteName,
  result: Schema | ((value: unknown) => boolean),
  params: Record<string, string> = {},
  body?: () => unknown,
): Allowance['check'] {
  return (value, requests) => {
    const problems: string[] = [];
    if (requests.length !== 1) problems.push(`${requests.length} requests instead of 1`);
    const [request] = requests;
    if (request?.route !== route) problems.push(`sent to ${request?.route} instead of ${route}`);
    if (request && !isDeepStrictEqual(request.params, params))
      problems.push(`path parameters ${JSON.stringify(request.params)}`);
    if (body && request && !isDeepStrictEqual(request.body, wire(body())))
      problems.push('body differs from the arguments');
    const ok = typeof result === 'function' ? result(value) : result.safeParse(value).success;
    if (!ok) problems.push('result does not match its schema');
    return problems;
  };
}

function withOptions(index: number, check: (args: unknown[]) => Allowance['check']) {
  return (args: unknown[]): Allowance => ({ ...fromOptions(args[index]), check: check(args) });
}

const slugArg = () => fc.oneof(valid.slug(), anyString(), anything());

const chunkData = () =>
  fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => new Blob([bytes])),
    fc
      .tuple(fc.uint8Array({ maxLength: 200 }), anyString())
      .map(([bytes, name]) => new File([bytes], name, { type: 'image/png' })),
  );

const card = () =>
  nearValid(
    {
      card_number: valid.digits(12, 19),
      cvc: valid.digits(3, 4),
      exp_month: fc.constantFrom('01', '12'),
      exp_year: fc.constant('2030'),
    },
    { required: ['card_number', 'cvc'] },
  );

const checkingParams = () =>
  nearValid(
    {
      plans: fc.array(fc.oneof(fc.integer({ min: 1, max: 1e6 }), valid.slug()), {
        minLength: 1,
        maxLength: 3,
      }),
      team_seats: fc.integer({ min: 1, max: 100 }),
    },
    { required: ['plans'] },
  );

const academy = () => fc.oneof(fc.integer({ min: 1, max: 1e6 }), valid.slug());

const meta = () =>
  nearValid({
    slug: valid.slug(),
    name: fc.string(),
    categories: fc.array(fc.string(), { maxLength: 2 }),
    academy: fc.integer({ min: 1, max: 100 }),
  });

const signalToken = () =>
  fc.oneof(fc.constant(undefined), fc.constant('aborted-signal'), fc.constant('live-signal'));

/** Replaces the signal placeholders by real signals, made fresh for each run. */
function realSignals(record: Record<string, unknown>): Record<string, unknown> {
  if (record.signal === 'aborted-signal') return { ...record, signal: AbortSignal.abort() };
  if (record.signal === 'live-signal') return { ...record, signal: new AbortController().signal };
  return record;
}

const byteSource = () =>
  fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => new Blob([bytes], { type: 'image/png' })),
    fc
      .tuple(fc.uint8Array({ maxLength: 300 }), anyString())
      .map(([bytes, name]) => new File([bytes], name)),
    // A stream with its size, which may be wrong: then the upload must fail, never corrupt.
    fc
      .tuple(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: -1, max: 2 }))
      .map(([bytes, off]) => ({
        get stream() {
          return new Blob([bytes]).stream();
        },
        size: off === 0 || off === 1 ? bytes.byteLength : bytes.byteLength + off,
      })),
  );

/** The upload's requests: one operation type read, every chunk once, then one finalize. */
function uploadCheck(source: unknown): Allowance['check'] {
  return (value, requests) => {
    const problems: string[] = [];
    const size =
      source instanceof Blob
        ? source.size
        : source instanceof Uint8Array
          ? source.byteLength
          : ((source as { size: number }).size ?? -1);
    const total = Math.max(1, Math.ceil(size / CHUNK_SIZE));
    const chunks = requests.filter((r) => r.route?.includes('Chunk'));
    const indexes = chunks.map((r) => Number((r.body as Record<string, string>).chunk_index));
    const bytes = chunks.reduce(
      (sum, r) => sum + ((r.body as Record<string, { size: number }>).chunk?.size ?? 0),
      0,
    );
    if (requests[0]?.route !== 'getOperationType') problems.push('did not read the operation type');
    if (new Set(indexes).size !== total || indexes.length !== total)
      problems.push(`sent chunks ${indexes.join(',')} of ${total}`);
    if (bytes !== size) problems.push(`sent ${bytes} bytes of ${size}`);
    const last = requests.at(-1);
    if (!last?.route?.startsWith('finalize')) problems.push('did not finalize last');
    if (!MediaFileSchema.safeParse(value).success) problems.push('result is not a MediaFile');
    return problems;
  };
}

/** An upload ends with UploadError only when the stream broke its declared size. */
const uploadFailure = (error: SeatpayError) => error instanceof UploadSourceError;

const seatFields = {
  email: valid.email(),
  first_name: fc.string(),
  last_name: fc.string(),
  seat_multiplier: fc.integer({ min: 1, max: 5 }),
};

/** A list of seats: all valid, or each one near-valid. */
function seatList(fields: Record<string, fc.Arbitrary<unknown>>, required: string[]) {
  const options = { minLength: 1, maxLength: 3 };
  return fc.oneof(
    fc.array(fc.record(fields, { requiredKeys: required }), options),
    fc.array(nearValid(fields, { required }), options),
  );
}

const silentLogger = { error() {}, warn() {}, info() {}, debug() {} };

export const METHODS: MethodCase[] = [
  {
    name: 'plans.get',
    examples: [
      ['..'],
      ['.'],
      ['lone\ud800'],
      ['team', null],
      ['team', { timeout: Infinity }],
      ['team', { signal: {} }],
      ['team', { headers: { 'bad name': 'x' } }],
    ],
    args: argumentLists(fc.tuple(slugArg(), requestOptions())),
    call: (c, [slug, options]) => c.plans.get(slug as string, options as never),
    allow: withOptions(1, ([slug]) => one('getPlan', PlanSchema, { plan_slug: text(slug) })),
  },
  ...(['preview', 'bag'] as const).map((kind): MethodCase => ({
    name: `checking.${kind}`,
    args: argumentLists(fc.tuple(checkingParams(), requestOptions())),
    call: (c, [params, options]) => c.checking[kind](params as never, options as never),
    allow: withOptions(1, ([params]) =>
      one('checking', kind === 'bag' ? BagSchema : CheckingSchema, {}, () => ({
        ...((CheckingParamsSchema as Parser).parse(params) as object),
        type: kind === 'bag' ? 'BAG' : 'PREVIEW',
      })),
    ),
  })),
  {
    name: 'card.register',
    examples: [
      [{ card_number: '4242424242424242', cvc: '123', extra: 10n }],
      [{ card_number: '4242424242424242', cvc: '123', extra: cycle }],
    ],
    args: argumentLists(fc.tuple(card(), requestOptions())),
    call: (c, [params, options]) => c.card.register(params as never, options as never),
    allow: withOptions(1, ([params]) =>
      one('registerCard', CardResultSchema, {}, () => CardParamsSchema.parse(params)),
    ),
  },
  {
    name: 'pay.bag',
    args: argumentLists(
      fc.tuple(
        nearValid({ token: valid.slug(), chosen_period: fc.constantFrom('MONTH', 'YEAR') }),
        requestOptions(),
      ),
    ),
    call: (c, [params, options]) => c.pay.bag(params as never, options as never),
    allow: withOptions(1, ([params]) =>
      one('pay', PaymentSchema, {}, () => PayParamsSchema.parse(params)),
    ),
  },
  {
    name: 'subscriptions.list',
    args: argumentLists(fc.tuple(requestOptions())),
    call: (c, [options]) => c.subscriptions.list(options as never),
    allow: withOptions(0, () => one('listSubscriptions', SubscriptionListSchema)),
  },
  {
    name: 'subscriptions.waitFor',
    examples: [[{ timeout: Number.NaN }], [{ match: 'yes' }], [null]],
    args: argumentLists(
      fc.tuple(
        nearValid({
          exclude: fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 3 }),
          match: fc.constantFrom(
            () => true,
            (s: { id: number }) => s.id > 0,
          ),
          timeout: fc.integer({ min: 50, max: 2_000 }),
          interval: fc.integer({ min: 1, max: 50 }),
          maxInterval: fc.integer({ min: 1, max: 100 }),
          signal: signalToken(),
          onPoll: fc.constant(() => undefined),
        }).map(realSignals),
      ),
    ),
    call: (c, [options]) => c.subscriptions.waitFor(options as never),
    allow: ([options]) => ({
      ...fromOptions(options),
      helperError: () => false,
      check: (value, requests) => [
        ...(requests.every((r) => r.route === 'listSubscriptions') ? [] : ['not only listings']),
        ...((value as { id?: unknown })?.id === NEW_SUBSCRIPTION &&
        SubscriptionSchema.safeParse(value).success
          ? []
          : ['did not resolve to the new subscription']),
      ],
    }),
  },
  {
    name: 'billingTeam.get',
    args: argumentLists(fc.tuple(idLike(), requestOptions())),
    call: (c, [id, options]) => c.billingTeam.get(id as number, options as never),
    allow: withOptions(1, ([id]) =>
      one('getBillingTeam', BillingTeamSchema, { subscription_id: text(id) }),
    ),
  },
  {
    name: 'billingTeam.update',
    examples: [
      [1, { recharge_amount: 1e21 }],
      [1, { max_monthly_spend: 1e-7 }],
    ],
    args: argumentLists(
      fc.tuple(
        idLike(),
        nearValid({
          auto_recharge_enabled: fc.boolean(),
          recharge_threshold_amount: valid.decimal(),
          recharge_amount: valid.decimal(),
          max_monthly_spend: valid.decimal(),
        }),
        requestOptions(),
      ),
    ),
    call: (c, [id, patch, options]) =>
      c.billingTeam.update(id as number, patch as never, options as never),
    allow: withOptions(2, ([id, patch]) =>
      one('updateBillingTeam', BillingTeamSchema, { subscription_id: text(id) }, () =>
        BillingTeamPatchSchema.parse(patch),
      ),
    ),
  },
  {
    name: 'billingTeam.replace',
    args: argumentLists(
      fc.tuple(
        idLike(),
        nearValid(
          {
            auto_recharge_enabled: fc.boolean(),
            recharge_threshold_amount: valid.decimal(),
            recharge_amount: valid.decimal(),
            max_period_spend: fc.option(valid.decimal(), { nil: null }),
          },
          {
            required: [
              'auto_recharge_enabled',
              'recharge_threshold_amount',
              'recharge_amount',
              'max_period_spend',
            ],
          },
        ),
        requestOptions(),
      ),
    ),
    call: (c, [id, config, options]) =>
      c.billingTeam.replace(id as number, config as never, options as never),
    allow: withOptions(2, ([id, config]) =>
      one('replaceBillingTeam', BillingTeamSchema, { subscription_id: text(id) }, () =>
        BillingTeamReplaceSchema.parse(config),
      ),
    ),
  },
  {
    name: 'seats.list',
    args: argumentLists(fc.tuple(idLike(), requestOptions())),
    call: (c, [id, options]) => c.seats.list(id as number, options as never),
    allow: withOptions(1, ([id]) =>
      one('listSeats', SeatListSchema, { subscription_id: text(id) }),
    ),
  },
  {
    name: 'seats.add',
    args: argumentLists(
      fc.tuple(idLike(), mostly(seatList(seatFields, ['email'])), requestOptions()),
    ),
    call: (c, [id, seats, options]) => c.seats.add(id as number, seats as never, options as never),
    allow: withOptions(2, ([id, seats]) =>
      one('putSeats', SeatListSchema, { subscription_id: text(id) }, () => ({
        add_seats: SeatInputListSchema.parse(seats),
      })),
    ),
  },
  {
    name: 'seats.replace',
    args: argumentLists(
      fc.tuple(
        idLike(),
        mostly(
          seatList({ from_email: valid.email(), to_email: valid.email() }, [
            'from_email',
            'to_email',
          ]),
        ),
        requestOptions(),
      ),
    ),
    call: (c, [id, replacements, options]) =>
      c.seats.replace(id as number, replacements as never, options as never),
    allow: withOptions(2, ([id, replacements]) =>
      one('putSeats', SeatListSchema, { subscription_id: text(id) }, () => ({
        replace_seats: SeatReplacementListSchema.parse(replacements),
      })),
    ),
  },
  {
    name: 'seats.remove',
    args: argumentLists(fc.tuple(idLike(), idLike(), requestOptions())),
    call: (c, [id, seat, options]) =>
      c.seats.remove(id as number, seat as number, options as never),
    allow: withOptions(2, ([id, seat]) =>
      one('deleteSeat', (value) => value === undefined, {
        subscription_id: text(id),
        seat_id: text(seat),
      }),
    ),
  },
  {
    name: 'consumables.list',
    args: argumentLists(fc.tuple(requestOptions())),
    call: (c, [options]) => c.consumables.list(options as never),
    allow: withOptions(0, () => one('listConsumables', ConsumableListSchema)),
  },
  {
    name: 'consumables.items',
    args: argumentLists(fc.tuple(requestOptions())),
    call: (c, [options]) => c.consumables.items(options as never),
    allow: withOptions(0, () =>
      one(
        'listConsumables',
        (value) =>
          Array.isArray(value) && value.every((item) => ConsumableSchema.safeParse(item).success),
      ),
    ),
  },
  {
    name: 'consumables.checkout',
    args: argumentLists(
      fc.tuple(
        nearValid(
          {
            service: valid.slug(),
            how_many: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(-1)),
            subscription: fc.integer({ min: 1, max: 1e6 }),
          },
          { required: ['service', 'how_many', 'subscription'] },
        ),
        requestOptions(),
      ),
    ),
    call: (c, [params, options]) => c.consumables.checkout(params as never, options as never),
    allow: withOptions(1, ([params]) =>
      one('consumableCheckout', CheckoutResultSchema, {}, () => CheckoutParamsSchema.parse(params)),
    ),
  },
  {
    name: 'media.operationTypes',
    args: argumentLists(fc.tuple(requestOptions())),
    call: (c, [options]) => c.media.operationTypes(options as never),
    allow: withOptions(0, () => one('listOperationTypes', OperationTypeListSchema)),
  },
  {
    name: 'media.operationType',
    args: argumentLists(fc.tuple(slugArg(), requestOptions())),
    call: (c, [name, options]) => c.media.operationType(name as string, options as never),
    allow: withOptions(1, ([name]) =>
      one('getOperationType', OperationTypeSchema, { operation_type: text(name) }),
    ),
  },
  {
    name: 'media.uploadChunk',
    examples: [
      [
        {
          operation_type: 'media',
          total_chunks: 1,
          chunk_index: 0,
          chunk: new Uint8Array(1),
          academy: 'é',
        },
      ],
    ],
    args: argumentLists(
      fc.tuple(
        nearValid(
          {
            operation_type: valid.slug(),
            total_chunks: fc.integer({ min: 1, max: 10 }),
            chunk_index: fc.integer({ min: 0, max: 9 }),
            chunk: chunkData(),
            filename: fc.string({ minLength: 1, maxLength: 10 }),
            mime: fc.constantFrom('image/png', 'application/octet-stream'),
            academy: academy(),
          },
          { required: ['operation_type', 'total_chunks', 'chunk_index', 'chunk'] },
        ),
        requestOptions(),
      ),
    ),
    call: (c, [params, options]) => c.media.uploadChunk(params as never, options as never),
    allow: withOptions(1, ([params]) => (value, requests) => {
      const p = params as Record<string, unknown>;
      const route = p.academy === undefined ? 'uploadChunk' : 'uploadAcademyChunk';
      const problems = one(route, ChunkRecordSchema)!(value, requests);
      const form = requests[0]?.body as Record<string, unknown> | undefined;
      const chunk = p.chunk as Blob | Uint8Array;
      const size = chunk instanceof Blob ? chunk.size : chunk.byteLength;
      if ((form?.chunk as { size?: number } | undefined)?.size !== size)
        problems.push('chunk size differs');
      if (form?.chunk_index !== String(p.chunk_index)) problems.push('chunk_index differs');
      if (form?.total_chunks !== String(p.total_chunks)) problems.push('total_chunks differs');
      if (p.academy !== undefined && requests[0]?.headers.get('academy') !== String(p.academy))
        problems.push('Academy header differs');
      return problems;
    }),
  },
  {
    name: 'media.finalize',
    examples: [
      [
        {
          operation_type: 'media',
          total_chunks: 1,
          filename: 'a',
          mime: 'b',
          meta: { extra: cycle },
        },
      ],
    ],
    args: argumentLists(
      fc.tuple(
        nearValid(
          {
            operation_type: valid.slug(),
            total_chunks: fc.integer({ min: 1, max: 10 }),
            filename: fc.string({ minLength: 1, maxLength: 10 }),
            mime: fc.constantFrom('image/png', 'video/mp4'),
            meta: meta(),
            academy: academy(),
          },
          { required: ['operation_type', 'total_chunks', 'filename', 'mime'] },
        ),
        requestOptions(),
      ),
    ),
    call: (c, [params, options]) => c.media.finalize(params as never, options as never),
    allow: withOptions(1, ([params]) => (value, requests) => {
      const p = params as Record<string, unknown>;
      const route = p.academy === undefined ? 'finalizeUpload' : 'finalizeAcademyUpload';
      const problems = one(route, MediaFileSchema)!(value, requests);
      const body = requests[0]?.body as Record<string, unknown> | undefined;
      if (body?.total_chunks !== p.total_chunks) problems.push('total_chunks differs');
      const sentMeta = typeof body?.meta === 'string' ? JSON.parse(body.meta) : body?.meta;
      if (p.meta !== undefined && !isDeepStrictEqual(sentMeta, wire(MediaMetaSchema.parse(p.meta))))
        problems.push('meta is not sent JSON-encoded as given');
      return problems;
    }),
  },
  {
    name: 'media.upload',
    examples: [
      [
        new Uint8Array(100),
        { operation_type: 'media', filename: 'a', mime: 'b', chunkTimeout: 2 ** 40 },
      ],
    ],
    args: argumentLists(
      fc.tuple(
        mostly(byteSource(), 4),
        nearValid(
          {
            operation_type: valid.slug(),
            filename: fc.string({ minLength: 1, maxLength: 10 }),
            mime: fc.constantFrom('image/png', 'video/mp4'),
            meta: meta(),
            academy: academy(),
            concurrency: fc.integer({ min: 1, max: 8 }),
            chunkTimeout: fc.integer({ min: 1_000, max: 5_000 }),
            maxRetries: fc.integer({ min: 0, max: 2 }),
            signal: signalToken(),
            onProgress: fc.constant(() => undefined),
            onChunk: fc.constant(() => undefined),
          },
          { required: ['operation_type', 'filename', 'mime'] },
        ).map(realSignals),
      ),
    ),
    call: (c, [source, options]) => c.media.upload(source as never, options as never),
    allow: ([source, options]) => {
      const allowance = fromOptions(options, 'chunkTimeout');
      return {
        ...allowance,
        // A chunkTimeout given may run out for a slow attempt on a loaded machine: the chunk is
        // sent again, and once its retries are spent the upload ends in UploadError caused by the
        // TimeoutError (a finalize that runs out ends in the TimeoutError itself).
        helperError: (error: SeatpayError) =>
          uploadFailure(error) ||
          (allowance.timeout === true &&
            error instanceof UploadError &&
            error.cause instanceof TimeoutError),
        check: uploadCheck(source),
      };
    },
  },
  {
    name: 'client.purchase',
    examples: [
      [{ plan: 'team', card: { card_number: 'x', cvc: '1' }, chosen_period: 'MONTH', exclude: [] }],
    ],
    args: argumentLists(
      fc.tuple(
        nearValid(
          {
            plan: valid.slug(),
            team_seats: fc.integer({ min: 1, max: 50 }),
            card: card(),
            chosen_period: fc.constantFrom('MONTH', 'YEAR'),
            exclude: fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 3 }),
            signal: signalToken(),
            onStep: fc.constant(() => undefined),
            waitTimeout: fc.integer({ min: 500, max: 2_000 }),
            pollInterval: fc.integer({ min: 1, max: 20 }),
          },
          { required: ['plan', 'card', 'chosen_period'] },
        ).map(realSignals),
      ),
    ),
    call: (c, [options]) => c.purchase(options as never),
    allow: ([options]) => ({
      ...fromOptions(options),
      timeout: false,
      check: (value, requests) => {
        const routes = requests.map((r) => r.route);
        const problems: string[] = [];
        if (routes.filter((r) => r === 'pay').length !== 1) problems.push('did not pay once');
        const sub = (value as { subscription?: { id?: unknown } })?.subscription;
        if (sub?.id !== NEW_SUBSCRIPTION) problems.push('no new subscription');
        return problems;
      },
    }),
  },
];

/** Options for createClient: each one right or wrong. */
export function clientOptions(base: string, token: string) {
  return nearValid(
    {
      baseUrl: fc.constantFrom(
        base,
        `${base}/`,
        `${base}//`,
        `${base}/api`,
        new URL(base),
        `${base}?x=1`,
        `${base}#frag`,
        `${base}#`,
        `${base}/api?`,
        `${base}/api#`,
        'javascript:alert(1)',
        'file:///etc/passwd',
        'data:text/plain,x',
        base.replace('https://', 'https://user:pw@'),
        base.toUpperCase(),
        base.replace('https://', 'ftp://'),
        base.replace('https://', ''),
      ),
      token: fc.constantFrom(
        token,
        () => token,
        async () => token,
      ),
      authScheme: fc.constantFrom('Bearer', 'Token', ''),
      academy: academy(),
      timeout: fc.integer({ min: 1_000, max: 30_000 }),
      maxRetries: fc.integer({ min: 0, max: 2 }),
      maxRetryDelay: fc.integer({ min: 0, max: 60_000 }),
      retryBaseDelay: fc.integer({ min: 0, max: 10 }),
      fetch: fc.constant((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init)),
      headers: fc.constant({ 'x-client': 'fuzz' }),
      validate: fc.constantFrom('error', 'warn', 'off'),
      logger: fc.constant(silentLogger),
      logLevel: fc.constantFrom('off', 'error', 'warn', 'info', 'debug'),
      maxResponseBytes: fc.constantFrom(1, 1024, 32 * 1024 * 1024, 2 ** 31),
    },
    { required: ['baseUrl', 'token'] },
  );
}
