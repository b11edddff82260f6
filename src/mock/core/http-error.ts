/**
 * A JSON error answer: `{ detail, status_code }`, or DRF-style field errors (live-api.md §4).
 *
 * @example
 * ```ts
 * const body: ErrorBody = { team_seats: ['A valid integer is required.'], status_code: 400 };
 * ```
 * @category Simulator
 */
export type ErrorBody = Record<string, unknown> & {
  /** The HTTP status again, as the deployed server repeats it in every error body. */
  status_code: number;
};

/**
 * Thrown by a rule or a route to answer with an error. `sim.consume()` throws it too, so a test
 * reads the same `status` and `body` the HTTP route would answer.
 *
 * @example
 * ```ts
 * import { SimulatorError } from 'seatpay/mock';
 *
 * try {
 *   simulator.consume({ token: simulator.users.member.token, service: 'ai-credits', units: 999 });
 * } catch (error) {
 *   if (error instanceof SimulatorError) console.log(error.status, error.body); // 402 {...}
 *   else throw error;
 * }
 * ```
 * @category Simulator
 */
export class SimulatorError extends Error {
  /** The HTTP status the route would answer. */
  readonly status: number;
  /** The JSON body the route would answer. */
  readonly body: ErrorBody;

  /** Headers the answer carries beside its body (`WWW-Authenticate` on a refused token). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    detail: string,
    body?: ErrorBody,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = 'SimulatorError';
    this.status = status;
    this.body = body ?? { detail, status_code: status };
    this.headers = headers;
  }

  /**
   * A 400 whose body maps each field to its messages: `{ team_seats: ['...'], status_code: 400 }`.
   *
   * @example
   * ```ts
   * const error = SimulatorError.fields({ team_seats: ['A valid integer is required.'] });
   * error.status; // 400
   * ```
   */
  static fields(errors: Record<string, string[]>): SimulatorError {
    const summary = Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    return new SimulatorError(400, summary, { ...errors, status_code: 400 });
  }
}

/** Where the deployed server itself crashes: answered with Django's HTML 500 page, nothing changed. */
export class ServerCrash extends Error {}

export const crash = (): never => {
  throw new ServerCrash('Server Error (500)');
};

export const fail = (status: number, detail: string): never => {
  throw new SimulatorError(status, detail);
};

export const OWNER_ONLY = 'Only the owner can manage team';
export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
