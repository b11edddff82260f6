import type { Seat } from '../../schemas/seats.js';
import { refusalCode } from './refusal-codes.js';
import { SeatpayError } from './seatpay-error.js';

/**
 * One item of a seat change that the service refused: its `message` (kept as sent, in the
 * answer's language), its stable `code` (the same codes as `APIError.code`), and the `status`
 * the service gave it.
 *
 * @example
 * ```ts
 * const refusal: SeatRefusal = {
 *   message: 'User already has a seat for this team',
 *   code: 'duplicate-team-seat',
 *   status: 400,
 * };
 * ```
 * @category Errors
 */
export interface SeatRefusal {
  /** The service's reason, verbatim. */
  message: string;
  /**
   * The refusal as a stable code (`'duplicate-team-seat'`, `'seat-cohort-required'` ...) whatever
   * the language; `null` when the message names no known refusal.
   */
  code: string | null;
  /** What the service sent as the item's `code` (the deployed server always sends 400). */
  status: unknown;
}

/** A refusal item from the service's message and the `code` it sent with it. */
export function seatRefusal(message: string, sent: unknown): SeatRefusal {
  return {
    message,
    code: refusalCode(message, typeof sent === 'string' ? sent : undefined),
    status: sent,
  };
}

/**
 * A seat change (`seats.add`, `seats.replace`) refused in part or whole: the deployed server answers
 * 207 `{ data, errors }`. `applied` holds the seats that were changed (typed like `Seat`), `refused`
 * each refusal as the service sent it. A seat call resolves only when every seat was applied.
 *
 * @example
 * ```ts
 * import { SeatsRefusedError } from 'seatpay';
 *
 * try {
 *   await client.seats.add(sub.id, [{ email: 'ada@example.com' }, { email: 'bob@example.com' }]);
 * } catch (error) {
 *   if (!(error instanceof SeatsRefusedError)) throw error;
 *   console.log('added:', error.applied.map((seat) => seat.email));
 *   for (const { message } of error.refused) console.log('refused:', message);
 * }
 * ```
 * @category Errors
 */
export class SeatsRefusedError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SeatsRefusedError';
  /** The answer's HTTP status (207 from the deployed server). */
  declare readonly status: number;
  /** The seats the service did change, as it answered them. */
  declare readonly applied: Seat[];
  /** Each refused item: the service's message and code. */
  declare readonly refused: SeatRefusal[];
  /**
   * Whether the service changed anything: true when `applied` is not empty, and when an earlier
   * attempt whose answer was lost may have applied the change before this refusal.
   */
  declare readonly mayHaveBeenProcessed: boolean;

  constructor(
    details: {
      status: number;
      applied: Seat[];
      refused: SeatRefusal[];
      mayHaveBeenProcessed?: boolean;
    },
    options?: { cause?: unknown },
  ) {
    const reasons = details.refused.map((refusal) => refusal.message).join('; ');
    super(
      `${details.refused.length} seat change(s) refused, ${details.applied.length} applied: ${reasons}`,
      options,
    );
    this.status = details.status;
    this.applied = details.applied;
    this.refused = details.refused;
    this.mayHaveBeenProcessed = details.mayHaveBeenProcessed ?? details.applied.length > 0;
  }
}
