import { AdvisedError } from './advised-error.js';
import { exitCodeOf, UNSETTLED } from './exit-codes.js';

/**
 * Runs a change that is not a money order (a seat change, a team's settings); one whose answer was
 * lost (exit 3: it may have been made) says how to see whether it was: `look`, the command that
 * reads it back (newuser20: it said only "Connection failed", and the help listed no exit 3).
 */
export async function changing<T>(look: string, apply: () => Promise<T>): Promise<T> {
  try {
    return await apply();
  } catch (error) {
    if (exitCodeOf(error) !== UNSETTLED) throw error;
    throw new AdvisedError(
      error,
      `the change may have been made: see ${look} before running it again`,
    );
  }
}
