import { untilAborted } from '../core/retry/until-aborted.js';
import type { PurchaseJournal } from './journal.js';
import { storeNameOf } from './journal-store-name.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';

type Turns = Map<string, Promise<unknown>>;

/**
 * The decision under way on each key, per journal object, and per store for the journals seatpay
 * ships (journal-store-name.ts): two `fileJournal(path)` on one file are one store. One table per
 * process, kept on `globalThis`: seatpay loaded twice (its CommonJS and ESM builds, a dependency's
 * own copy) takes turns with itself, or two decisions through the two copies land at once.
 */
interface DecisionTurns {
  readonly version: 1;
  readonly byJournal: WeakMap<object, Turns>;
  readonly byStore: Map<string, Turns>;
  /**
   * The journal and key whose operation a decision is calling right now (in that very call), by
   * any copy: a hook deciding through another copy waited for ever, as one through this copy did.
   */
  calling?: { journal: PurchaseJournal; key: string } | undefined;
}

const SLOT = Symbol.for('seatpay.decisionTurns');

function isDecisionTurns(found: unknown): found is DecisionTurns {
  const table = found as Partial<DecisionTurns> | undefined;
  return table?.version === 1 && table.byJournal instanceof WeakMap && table.byStore instanceof Map;
}

/**
 * The process's table; a table of another shape (another version's) is left to its own copy. A
 * global object sealed before this code loaded (SES-style hardening) takes no slot: this copy
 * keeps its own table (its decisions still take turns), never failing every `client.journal` call.
 */
function processTurns(): DecisionTurns {
  const shared = globalThis as { [SLOT]?: unknown };
  const found = shared[SLOT];
  if (isDecisionTurns(found)) return found;
  const mine: DecisionTurns = { version: 1, byJournal: new WeakMap(), byStore: new Map() };
  if (found === undefined && Object.isExtensible(shared))
    Object.defineProperty(shared, SLOT, { value: mine });
  return mine;
}

const turns = processTurns();
const { byJournal, byStore } = turns;
/**
 * Where the mark is kept in a shared table frozen once made (SES's `harden(globalThis)`): its
 * `byStore` map, which still takes entries, under a name no store has (journal-store-name.ts).
 * Each copy's own mark there left a hook deciding through another copy waiting for ever (redteam28).
 */
const CALLING = '\u0000seatpay.calling';
type Mark = DecisionTurns['calling'];
const frozenMarks = {
  get calling(): Mark {
    return byStore.get(CALLING) as unknown as Mark;
  },
  set calling(mark: Mark) {
    if (mark === undefined) byStore.delete(CALLING);
    else byStore.set(CALLING, mark as unknown as Turns);
  },
};
/** Where the mark is kept: the shared table, unless it takes no new field (every call threw). */
const marks = () => (Object.isExtensible(turns) ? turns : frozenMarks);

/**
 * Calls `operation` (the journal's own get, set or setIfHeld of `key`, for a decision under way on
 * it), noting it: a decision on that key the journal's code starts in that very call would wait
 * for the one it is part of, for ever ({@link inDecisionTurn} refuses it).
 */
export function callingFor<T>(journal: PurchaseJournal, key: string, operation: () => T): T {
  const cell = marks();
  const outer = cell.calling;
  cell.calling = { journal, key };
  try {
    return operation();
  } finally {
    cell.calling = outer;
  }
}

/** Whether the journal's code started this decision inside a decision's call of it on `key`. */
function isInsideOwnCall(
  journal: PurchaseJournal,
  store: string | undefined,
  key: string,
): boolean {
  const { calling } = marks();
  if (calling?.key !== key) return false;
  return (
    calling.journal === journal || (store !== undefined && storeNameOf(calling.journal) === store)
  );
}

/**
 * Runs `decide` (a settle, a reconcile) once the decisions this process began earlier on the same
 * key of the same journal (or store) have ended. A record whose run dropped its lease is written
 * over by reading it again just before the write (decision-write.ts): two decisions of one process
 * (two operators at an admin page, reconcile and settle) read it in turn, then both wrote, and the
 * second ("not charged") landed over the first ("charged"): the next run paid again. One after the
 * other, the second reads the first's decision and is refused. The wait ends with `signal`.
 */
export function inDecisionTurn<T>(
  journal: PurchaseJournal,
  key: string,
  signal: AbortSignal | undefined,
  decide: () => Promise<T>,
): Promise<T> {
  const store = storeNameOf(journal);
  if (isInsideOwnCall(journal, store, key)) {
    return Promise.reject(
      new InvalidRequestError(
        `A settle or reconcile of key "${key}" was started inside your journal's get, set or setIfHeld of that key for another one, which it would wait for for ever: decide it after that call returns`,
        { field: 'journal' },
      ),
    );
  }
  const keys = (store === undefined ? byJournal.get(journal) : byStore.get(store)) ?? new Map();
  if (store === undefined) byJournal.set(journal, keys);
  else byStore.set(store, keys);
  const previous = keys.get(key);
  const mine = previous ? untilAborted(previous, signal).then(decide) : decide();
  // The one after waits for this one and for the one before (this may stop waiting first).
  const turn = Promise.allSettled([previous, mine]);
  keys.set(key, turn);
  void turn.then(() => {
    if (keys.get(key) !== turn) return;
    keys.delete(key);
    if (store !== undefined && keys.size === 0 && byStore.get(store) === keys)
      byStore.delete(store);
  });
  return mine;
}
