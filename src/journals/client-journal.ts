import type { HttpCore } from '../core/request.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { LazyModule } from '../core/lazy-module.js';
import type { JournalEntry, ReconcileResult } from './journal-entry.js';
import { storedKey } from './key-text.js';
import type { JournalContext } from './journal-operations.js';
import type {
  JournalListQuery,
  PruneOptions,
  ReconcileOptions,
  SettleOptions,
} from './journal-options.js';
export type { JournalListQuery, PruneOptions, ReconcileOptions, SettleOptions };

// What the methods do, loaded on first use (client.preload() loads it ahead): a page that never
// lists, settles or reconciles a key does not ship it. Arguments are checked before the load.
const operations = /* @__PURE__ */ new LazyModule(() => import('./journal-operations.js'));
const reconcileModule = /* @__PURE__ */ new LazyModule(() => import('./reconcile-checks.js'));
const ownerDigestModule = /* @__PURE__ */ new LazyModule(() => import('../keys/owner-digest.js'));

/**
 * `client.journal`: seeing and settling the keys of a journal (any `PurchaseJournal`; by default
 * the client's own in-memory one, which keys given without a journal use). A key whose outcome is
 * unknown (`UnsettledKeyError`, `PurchaseError` with `charged: 'unknown'`) is settled here:
 * `reconcile` asks the service, `settle` records an operator's decision. Nothing is ever retried.
 *
 * @example
 * ```ts
 * const journal = fileJournal('./orders.db');
 * for (const entry of await client.journal.list({ journal })) {
 *   if (entry.charged === 'unknown') console.log(await client.journal.reconcile(entry.key, { journal }));
 * }
 * ```
 * @category Journals
 */
export class ClientJournal {
  readonly #context: JournalContext;

  /** Made by the client: `client.journal`. @internal */
  constructor(core: HttpCore, defaultHolder: () => { journal?: PurchaseJournal }) {
    this.#context = {
      core,
      defaultHolder,
      reconcile: reconcileModule,
      ownerDigest: ownerDigestModule,
    };
  }

  /**
   * The journal's keys in ascending order, a page at a time (`after` the last key of the previous
   * page), optionally only those at one `stage`. Rejects with `InvalidRequestError` for a journal
   * without `list`.
   *
   * @example
   * ```ts
   * const page = await client.journal.list({ journal, after: 'order-100', limit: 50, stage: 'sending' });
   * ```
   */
  async list(options: JournalListQuery = {}): Promise<JournalEntry[]> {
    const query = checkListQuery(options);
    const { listEntries } = await operations.load();
    return listEntries(this.#context, query);
  }

  /**
   * Asks the service what happened to the call recorded under `key` (a purchase: the subscription
   * whose invoice names its bag or payment; a checkout: the invoice of its order) and records the
   * outcome where the service can tell. `charged: 'unknown'` means it cannot: settle it then.
   *
   * @example
   * ```ts
   * const { charged, evidence } = await client.journal.reconcile('topup-77', { journal });
   * ```
   */
  async reconcile(key: string, options: ReconcileOptions = {}): Promise<ReconcileResult> {
    checkKey(key);
    // At hand once loaded: decided in this very call (one begun inside a journal's own call of
    // a decision on the key is refused, not left waiting on it for ever: decision-turns.ts).
    const { reconcileKey } =
      operations.loaded ?? (await operations.load({ signal: options.signal }));
    return reconcileKey(this.#context, key, options);
  }

  /**
   * Records an operator's decision on a key whose outcome is unknown: `charged: 'no'` frees the
   * key to run again, `'yes'` makes later runs never pay (they follow the record or refuse with
   * `SettledKeyError`). A key already settled, or whose outcome is known, is refused
   * (`SettleRefusedError`). Resolves with the new record.
   *
   * @example
   * ```ts
   * await client.journal.settle('topup-77', { journal, charged: 'no', reason: 'not on the card statement' });
   * ```
   */
  async settle(key: string, options: SettleOptions): Promise<JournalRecord> {
    checkKey(key);
    // Another identity's key is refused: one told apart from it by a lone surrogate only is not.
    storedKey((options as Partial<SettleOptions> | undefined)?.identity as string, 'identity');
    const { settleKey } = operations.loaded ?? (await operations.load()); // as reconcile's
    return settleKey(this.#context, key, options);
  }

  /**
   * Removes the settled records last written before `olderThan` (never a key whose outcome is
   * unknown, nor one a re-run still needs); resolves to how many were removed.
   *
   * @example
   * ```ts
   * const removed = await client.journal.prune({ journal, olderThan: new Date('2026-01-01') });
   * ```
   */
  async prune(options: PruneOptions): Promise<number> {
    const olderThan = (options as Partial<PruneOptions> | undefined)?.olderThan;
    if (!(olderThan instanceof Date) || !Number.isFinite(olderThan.getTime())) {
      throw new InvalidRequestError('Invalid olderThan: must be a valid Date', {
        field: 'olderThan',
      });
    }
    const { pruneJournal } = await operations.load();
    return pruneJournal(this.#context, options);
  }
}

function checkKey(key: unknown): void {
  if (typeof key !== 'string' || key === '') {
    throw new InvalidRequestError('Invalid key: must be a non-empty string', { field: 'key' });
  }
  storedKey(key);
}

function checkListQuery(options: JournalListQuery): JournalListQuery {
  const { after, limit } = options;
  if (after !== undefined && typeof after !== 'string') {
    throw new InvalidRequestError('Invalid after: must be a key (a string)', { field: 'after' });
  }
  if (after !== undefined) storedKey(after, 'after');
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    throw new InvalidRequestError('Invalid limit: must be a positive integer', { field: 'limit' });
  }
  return options;
}
