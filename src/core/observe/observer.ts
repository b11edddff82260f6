import type { Answer, PreparedCall } from '../call.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import { attemptAttributes, errorTypeOf, fieldOf, seatpayClassesOf } from './attempt-attributes.js';
import { inSpan, quietly } from './in-span.js';
import type { OperationNotes } from './operation-notes.js';
import {
  SPAN_KIND,
  SPAN_STATUS_ERROR,
  type TelemetryAttributes,
  type TelemetryHistogram,
  type TelemetryMeter,
  type TelemetrySpan,
  type TelemetryTracer,
} from './telemetry-types.js';

/** The semantic conventions' advised buckets for `http.client.request.duration`, in seconds. */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/**
 * The client's tracing and metrics, loaded only when `tracer` or `meter` is given. The request
 * path calls it at one point per attempt and helpers once per operation; it watches, it never
 * changes what the call does: whatever the tracer or meter throws is dropped.
 */
export class Observer {
  readonly #tracer: TelemetryTracer | undefined;
  #duration: TelemetryHistogram | undefined;
  readonly #secrets: Secrets;
  readonly #log: Log;

  constructor(
    tracer: TelemetryTracer | undefined,
    meter: TelemetryMeter | undefined,
    secrets: Secrets,
    log: Log,
  ) {
    this.#tracer = tracer;
    this.#secrets = secrets;
    this.#log = log;
    quietly(log, 'create the duration histogram', () => {
      this.#duration = meter?.createHistogram('http.client.request.duration', {
        description: 'Duration of each HTTP request attempt seatpay sends.',
        unit: 's',
        advice: { explicitBucketBoundaries: DURATION_BUCKETS },
      });
    });
  }

  /**
   * One attempt as a `CLIENT` span, current while it runs (token, send, body read), ended when its
   * body is read (or, under `asResponse()`, at the answer's headers); and one duration measured.
   */
  attempt<T>(
    call: PreparedCall<T>,
    attempt: number,
    run: () => Promise<Answer<T>>,
  ): Promise<Answer<T>> {
    const started = performance.now(); // monotonic: a clock step is no latency
    let described: ReturnType<typeof attemptAttributes>;
    try {
      described = attemptAttributes(call, attempt, this.#secrets);
    } catch {
      return run(); // unobserved rather than failed
    }
    const { span: attributes, metric } = described;
    const name = `${call.method} ${call.route.path}`;
    const options = { kind: SPAN_KIND.client, attributes };
    return inSpan(
      this.#tracer,
      name,
      options,
      (span) =>
        this.#watch(span, run, (outcome) => {
          const ended = { ...metric, ...outcome };
          quietly(this.#log, 'record a duration', () =>
            this.#duration?.record((performance.now() - started) / 1000, ended),
          );
        }),
      this.#log,
    );
  }

  async #watch<T>(
    span: TelemetrySpan | undefined,
    run: () => Promise<Answer<T>>,
    measured: (outcome: TelemetryAttributes) => void,
  ): Promise<Answer<T>> {
    let answer: Answer<T>;
    try {
      answer = await run();
    } catch (error) {
      const outcome = attemptFailure(error);
      measured(outcome);
      const requestId = fieldOf(error, 'requestId');
      const extra = typeof requestId === 'string' ? { 'seatpay.request_id': requestId } : {};
      this.#end(span, outcome, error, extra);
      throw error;
    }
    const outcome = { 'http.response.status_code': answer.response.status };
    measured(outcome);
    this.#end(span, outcome, undefined, { 'seatpay.request_id': answer.requestId ?? undefined });
    return answer;
  }

  /**
   * A helper's whole operation (`seatpay.purchase`, `seatpay.upload`, `seatpay.checkout`) as an
   * `INTERNAL` span, current while it runs so that its attempts are its children.
   */
  operation<T>(name: string, work: (notes: OperationNotes) => Promise<T>): Promise<T> {
    const options = { kind: SPAN_KIND.internal, attributes: {} };
    return inSpan(
      this.#tracer,
      name,
      options,
      async (span) => {
        // Noted, set again at the end: a secret learned meanwhile (a provider's token) hidden then.
        const noted: TelemetryAttributes = {};
        try {
          const result = await work(this.#notesOn(span, noted));
          this.#end(span, noted, undefined);
          return result;
        } catch (error) {
          this.#end(span, { ...noted, ...operationFailure(error) }, error);
          throw error;
        }
      },
      this.#log,
    );
  }

  #notesOn(span: TelemetrySpan | undefined, noted: TelemetryAttributes): OperationNotes {
    return {
      set: (attributes) => this.#set(span, { ...Object.assign(noted, attributes) }),
      event: (name, attributes = {}) =>
        quietly(this.#log, 'add an event', () => span?.addEvent(name, this.#safe(attributes))),
    };
  }

  /** Ends `span` with the outcome; ERROR with a scrubbed `exception` event when `error` is set. */
  #end(
    span: TelemetrySpan | undefined,
    outcome: TelemetryAttributes,
    error: unknown,
    extra: TelemetryAttributes = {},
  ): void {
    if (!span) return;
    this.#set(span, { ...outcome, ...extra });
    quietly(this.#log, 'end a span', () => {
      if (error !== undefined) {
        span.setStatus({ code: SPAN_STATUS_ERROR });
        span.addEvent('exception', this.#safe(exceptionOf(error)));
      }
      span.end();
    });
  }

  #set(span: TelemetrySpan | undefined, attributes: TelemetryAttributes): void {
    if (!span) return;
    quietly(this.#log, 'set attributes', () => {
      for (const [key, value] of Object.entries(this.#safe(attributes))) {
        if (value !== undefined) span.setAttribute(key, value);
      }
    });
  }

  /** Every text through the client's one redaction place: an answer may echo a secret. */
  #safe(attributes: TelemetryAttributes): TelemetryAttributes {
    const safe: TelemetryAttributes = {};
    for (const [key, value] of Object.entries(attributes)) {
      safe[key] = typeof value === 'string' ? this.#secrets.text(value) : value;
    }
    return safe;
  }
}

/** The `exception` event's attributes: the class and message, never the stack or the cause. */
function exceptionOf(error: unknown): TelemetryAttributes {
  const type = errorTypeOf(error);
  const message = error instanceof Error ? error.message : undefined;
  return {
    'exception.type': error instanceof Error ? error.name : type,
    'exception.message': message,
  };
}

/** What a failed attempt adds: its status when there was an answer, and `error.type`. */
function attemptFailure(error: unknown): TelemetryAttributes {
  const status = seatpayClassesOf(error).includes('APIError')
    ? fieldOf(error, 'status')
    : undefined;
  const code = typeof status === 'number' ? status : undefined;
  return { 'http.response.status_code': code, 'error.type': errorTypeOf(error) };
}

/** What a failed operation adds: `error.type`, and for a purchase whether the card was charged. */
function operationFailure(error: unknown): TelemetryAttributes {
  const failure: TelemetryAttributes = { 'error.type': errorTypeOf(error) };
  if (seatpayClassesOf(error).includes('PurchaseError')) {
    failure['seatpay.charged'] = fieldOf(error, 'charged') as string;
    failure['seatpay.purchase.step'] = fieldOf(error, 'step') as string;
  }
  return failure;
}
