import { APIError } from '../core/errors/api-error.js';
import { ConnectionError } from '../core/errors/connection-error.js';
import { messageOf } from '../core/errors/from-response.js';
import { SeatsRefusedError } from '../core/errors/seats-refused-error.js';
import type { Seat } from '../schemas/seats.js';

/** What a seat change asked for, by email: who must hold an active seat after it, who must not. */
export interface SeatChangeGoal {
  present: string[];
  absent: string[];
}

/** Whether an attempt failed in a way that may have left the change applied (answer lost, 5xx). */
export function mayHaveApplied(error: unknown): boolean {
  return (
    (error instanceof ConnectionError || error instanceof APIError) && error.mayHaveBeenProcessed
  );
}

/** A refusal that a retry gets when the lost first attempt already did the work ("already has a seat"). */
export function isRefusal(error: unknown): error is APIError | SeatsRefusedError {
  return (
    error instanceof SeatsRefusedError ||
    (error instanceof APIError && error.status >= 400 && error.status < 500)
  );
}

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * After a lost answer and a refused retry: the seats the change asked for when the team now holds
 * exactly that (the first attempt applied it), else the refusal, told as possibly applied.
 */
export function settleRefusedRetry(
  refusal: APIError | SeatsRefusedError,
  goal: SeatChangeGoal,
  seats: Seat[],
): Seat[] {
  const active = new Map(
    seats.filter((seat) => seat?.is_active).map((seat) => [normalize(String(seat.email)), seat]),
  );
  const present = goal.present.map((email) => active.get(normalize(email)));
  const done =
    present.every((seat) => seat !== undefined) &&
    goal.absent.every((email) => !active.has(normalize(email)));
  if (done) return present as Seat[];
  const refused =
    refusal instanceof SeatsRefusedError
      ? refusal.refused
      : [
          {
            message: messageOf(refusal.body) ?? refusal.message,
            code: refusal.code,
            status: refusal.status,
          },
        ];
  const applied = refusal instanceof SeatsRefusedError ? refusal.applied : [];
  throw new SeatsRefusedError(
    { status: refusal.status, applied, refused, mayHaveBeenProcessed: true },
    { cause: refusal },
  );
}
