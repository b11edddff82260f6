import {
  PurchaseError,
  type PurchaseOptions,
  type PurchaseResult,
  type SeatpayClient,
} from '../../../src/index.js';
import type { Charge } from '../../../src/mock/index.js';

/** One purchase() call as the suite saw it: the bag it paid (if it got that far) and its ending. */
export interface Attempt {
  scenario: string;
  bag?: number;
  result?: PurchaseResult;
  error?: unknown;
}

/** Runs one purchase, noting the bag it created (a re-run with a key reports no bag step). */
export async function attempt(
  scenario: string,
  client: SeatpayClient,
  options: PurchaseOptions,
): Promise<Attempt> {
  const seen: Attempt = { scenario };
  try {
    seen.result = await client.purchase({
      ...options,
      onStep: (step) => {
        if (step.step === 'bag') seen.bag = (step.result as { id?: number }).id;
        options.onStep?.(step);
      },
    });
    seen.bag = seen.result.bag.id;
  } catch (error) {
    seen.error = error;
  }
  return seen;
}

/** The suite's verdict on every attempt against the simulator's charge log. */
export interface Ledger {
  attempts: number;
  resolved: number;
  rejectedNotCharged: number;
  rejectedCharged: number;
  doubleCharges: number;
  /** Rejected with charged 'no' (or mayHaveBeenProcessed false) though its bag was charged. */
  hiddenCharges: number;
  /** Resolved to a subscription that its own bag's charge did not create. */
  foreignSubscriptions: number;
  /** Rejected with something other than a PurchaseError. */
  untyped: number;
  problems: string[];
}

export function judgeAttempts(attempts: Attempt[], charges: readonly Charge[]): Ledger {
  const ledger: Ledger = {
    attempts: attempts.length,
    resolved: 0,
    rejectedNotCharged: 0,
    rejectedCharged: 0,
    doubleCharges: 0,
    hiddenCharges: 0,
    foreignSubscriptions: 0,
    untyped: 0,
    problems: [],
  };
  const payments = charges.filter((charge) => charge.kind === 'payment');
  for (const bag of new Set(payments.map((charge) => charge.bag))) {
    if (payments.filter((charge) => charge.bag === bag).length > 1) ledger.doubleCharges++;
  }
  for (const [i, seen] of attempts.entries()) {
    const mine = payments.filter((charge) => seen.bag !== undefined && charge.bag === seen.bag);
    const where = `${seen.scenario} #${i}`;
    if (seen.result) {
      ledger.resolved++;
      if (mine.length !== 1 || mine[0]!.subscription !== seen.result.subscription.id) {
        ledger.foreignSubscriptions++;
        ledger.problems.push(`${where}: resolved to ${seen.result.subscription.id}, not its own`);
      }
    } else if (!(seen.error instanceof PurchaseError)) {
      ledger.untyped++;
      ledger.problems.push(`${where}: rejected with ${String(seen.error)}`);
    } else if (seen.error.charged === 'no') {
      ledger.rejectedNotCharged++;
      if (mine.length > 0 || seen.error.mayHaveBeenProcessed) {
        ledger.hiddenCharges++;
        ledger.problems.push(`${where}: charged, yet told 'no'`);
      }
    } else {
      ledger.rejectedCharged++;
      if (!seen.error.mayHaveBeenProcessed) ledger.problems.push(`${where}: flags disagree`);
    }
  }
  return ledger;
}
