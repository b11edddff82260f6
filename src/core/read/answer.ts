import type { Answer, PreparedCall } from '../call.js';
import { validated, type ResultSetup } from '../validate/validate.js';

/**
 * The answer of an attempt as the request path hands it on. Its `response` and `requestId` leave
 * the client only when read (withResponse(), asResponse(), a log line, a span, an error), so
 * their headers are searched for echoed secrets then, once, and not on every call: most calls
 * never read them, and the search was a fifth of seatpay's own CPU per call (BENCHMARKS.md,
 * "Issue 32: per call on a quiet machine"). The search covers the secrets the client knew when
 * the answer came, and any it learned since.
 *
 * A class, for its cost (an object literal with getters cost 0.7 µs a call, this 0.1): its
 * getters are on the prototype, so a spread (`{ ...answer }`) would drop them. Copy an answer
 * with {@link answerWith}.
 */
export class ReadAnswer<T> implements Answer<T> {
  readonly #sent: Response;
  readonly #call: PreparedCall<T>;
  readonly #setup: ResultSetup;
  /** The client's secrets when the answer came (its list is bounded: one may be dropped since). */
  readonly #known: readonly string[];
  #response: Response | undefined;
  #requestId: string | null | undefined;
  readonly method: string;
  readonly url: string;

  constructor(
    sent: Response,
    readonly text: string | undefined,
    call: PreparedCall<T>,
    setup: ResultSetup,
  ) {
    this.#sent = sent;
    this.#call = call;
    this.#setup = setup;
    this.#known = setup.secrets.list;
    this.method = call.method;
    this.url = call.url;
  }

  /** A method, not a closure made per call: call it on the answer (`answer.parse(body)`). */
  parse(body: string): T | Promise<T> {
    return validated(body, this.#call, this.#setup);
  }

  get response(): Response {
    return (this.#response ??= this.#setup.secrets.response(this.#sent, this.text, this.#known));
  }

  get requestId(): string | null {
    if (this.#requestId === undefined) {
      const id = requestIdOf(this.response.headers);
      this.#requestId = this.#setup.secrets.requestId(id, this.#known);
    }
    return this.#requestId;
  }
}

/** `answer` with another parse, every field read (a {@link ReadAnswer}'s getters too). */
export function answerWith<T, U>(
  answer: Answer<T>,
  parse: (body: string) => U | Promise<U>,
): Answer<U> {
  const { response, text, requestId, method, url } = answer;
  return { response, text, requestId, method, url, parse };
}

/**
 * The service's request id of an answer (`x-request-id`, or `request-id`), for support tickets;
 * read only when asked for: most calls never need it.
 */
function requestIdOf(headers: Headers): string | null {
  return headers.get('x-request-id') ?? headers.get('request-id');
}
