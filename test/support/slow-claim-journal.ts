// A journal whose claims answer late: the claim lands in the store at once, and its answer comes
// back only when the test says (a busy database, a slow network, a process stopped right after
// sending it). Another machine is the store itself, or another journal object on it.
import type { PurchaseJournal } from '../../src/index.js';

export interface SlowClaim<J extends PurchaseJournal> {
  /** `journal`, its `claim` answering only after `answer()`. */
  journal: J;
  /** Resolves once a claim has landed in the store (its answer not given yet). */
  readonly landed: Promise<void>;
  /** Gives the claims their answers. */
  answer(): void;
}

export function slowClaimJournal<J extends PurchaseJournal>(store: J): SlowClaim<J> {
  let claimLanded!: () => void;
  const landed = new Promise<void>((resolve) => (claimLanded = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const journal: J = {
    ...store,
    claim: async (...args: Parameters<NonNullable<PurchaseJournal['claim']>>) => {
      const claimed = await store.claim!(...args);
      claimLanded();
      await answered;
      return claimed;
    },
  };
  return { journal, landed, answer };
}
