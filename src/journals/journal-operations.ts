// What `client.journal`'s methods do, loaded on their first use (journals/client-journal.ts): a
// page that never lists, settles or reconciles a key does not ship it.
import type { HttpCore } from '../core/request.js';
import { KeyOwnerError } from './journal-errors.js';
import { decisionInProgress } from './decision-in-progress.js';
import type { LazyModule } from '../core/lazy-module.js';
import { isHeldLive, watchingLists, watchingRuns } from './key-holder.js';
import { keyScopeOf } from '../keys/key-scope.js';
import type { PurchaseJournal, JournalRecord } from './journal.js';
import { JournalAccess } from './journal-access.js';
import { defaultJournalOf } from './default-journal.js';
import type { JournalHolder } from '../helpers/purchase/client-purchases.js';
import { entryOf, type JournalEntry, type ReconcileResult } from './journal-entry.js';
import { checkSettleOptions, settledRecord } from './settle.js';
import { writeOverRead } from './decision-write.js';
import { inDecisionTurn } from './decision-turns.js';
import type {
  JournalListQuery,
  PruneOptions,
  ReconcileOptions,
  SettleOptions,
} from './journal-options.js';

/** What the operations work with: the client's request path, its journal, the parts they load. */
export interface JournalContext {
  core: HttpCore;
  /** Where the client keeps its own journal, for a call that names none. */
  defaultHolder: () => JournalHolder;
  /** Reconcile with the listings it reads (their schemas). */
  reconcile: LazyModule<typeof import('./reconcile-checks.js')>;
  /** The owner digest, loaded only when a record names an owner (as the keyed calls load it). */
  ownerDigest: LazyModule<typeof import('../keys/owner-digest.js')>;
}

const { setImmediate } = globalThis as { setImmediate?: (run: () => void) => unknown };

/** The journal a call names, or the client's own. */
/** `journal` (else the client's own) as client.journal uses it, the client's secrets hidden in its failures. */
function accessOf(context: JournalContext, journal: PurchaseJournal | undefined): JournalAccess {
  return new JournalAccess(
    journal ?? defaultJournalOf(context.defaultHolder()),
    context.core.secrets,
  );
}

export async function listEntries(
  context: JournalContext,
  { after, limit, stage, journal }: JournalListQuery,
): Promise<JournalEntry[]> {
  const access = accessOf(context, journal);
  const entries: JournalEntry[] = [];
  // Leases judged as settle and reconcile judge them (checkOwner), a page when it is read.
  const clock = access.clock();
  // A run here that ended while its claim was read: held, as settle judges it (its outcome since).
  const runs = watchingLists();
  try {
    for await (const page of access.pages(after, limit ?? 500)) {
      const now = clock();
      for (const { key, record } of page) {
        if (stage === undefined || record.stage === stage)
          entries.push(entryOf(key, record, now, runs.ended.has(key)));
      }
      runs.ended.clear();
      if (limit !== undefined && entries.length >= limit) break;
      // A page is 5-30 ms of a journal's synchronous work (parsing, SQLite): the loop runs between
      // two, where 100,000 records held it for seconds (BENCHMARKS.md, ninth pass). A timer where
      // there is no setImmediate (a page: 4 ms a page once chained, as redact-in-slices.ts).
      await new Promise((resume) => (setImmediate ?? setTimeout)(resume));
    }
  } finally {
    runs.stop();
  }
  return entries.slice(0, limit);
}

export async function reconcileKey(
  context: JournalContext,
  key: string,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  // Checked first: a journal that is no journal is a typed error, never a WeakMap's TypeError.
  const journal = accessOf(context, options.journal);
  return inDecisionTurn(journal.journal, key, options.signal, () =>
    reconcileNow(context, key, options, journal),
  );
}

async function reconcileNow(
  context: JournalContext,
  key: string,
  options: ReconcileOptions,
  journal: JournalAccess,
): Promise<ReconcileResult> {
  const { core } = context;
  const read = await watchingRuns(key, () => journal.get(key, options.signal));
  await checkOwner(context, key, read, journal, options);
  const schemas = await context.reconcile.load({ signal: options.signal });
  const calls = {
    listSubscriptions: (request?: { signal?: AbortSignal }) =>
      core.request(
        schemas,
        () => ({ route: core.routes.listSubscriptions, response: schemas.SubscriptionListSchema }),
        request,
      ),
    listInvoices: async (request?: { signal?: AbortSignal }) => {
      const listing = await core.request(
        schemas,
        () => ({ route: core.routes.listInvoices, response: schemas.InvoiceListSchema }),
        request,
      );
      return Array.isArray(listing) ? listing : listing.results;
    },
  };
  const secrets = core.secrets;
  const { token } = core.keyLoan(undefined);
  const redact = <T>(value: T): T => secrets.redact(value);
  // A record's hidden service is the token's only as its digest says (checkout-evidence.ts).
  const digest = async (name: string, value: string) => {
    const { keyOwnerDigest } = await context.ownerDigest.load({ signal: options.signal });
    const scope = keyScopeOf(core.keyLoan(undefined), key, options.identity, keyOwnerDigest);
    return scope.fieldDigest(name, value);
  };
  const tokenField = typeof token === 'string' ? { token, digest } : undefined;
  return schemas.reconcile(calls, journal, key, options.signal, redact, tokenField);
}

export async function settleKey(
  context: JournalContext,
  key: string,
  options: SettleOptions,
): Promise<JournalRecord> {
  const checked = checkSettleOptions(options);
  const journal = accessOf(context, options.journal);
  return inDecisionTurn(journal.journal, key, options.signal, () =>
    settleNow(context, key, options, checked, journal),
  );
}

async function settleNow(
  context: JournalContext,
  key: string,
  options: SettleOptions,
  { charged, reason }: { charged: 'yes' | 'no'; reason: string },
  journal: JournalAccess,
): Promise<JournalRecord> {
  // A reason may quote what the operator pasted: recorded, as everything, without a secret. Only
  // the settlement: the rest is the record as its run stored it, and hidden again (a copy that
  // stops 20 levels down, the operator's secrets) its params were no longer the order's own, whose
  // re-run was then refused as another request ("use a new key": a second charge).
  const settlement = context.core.secrets.redactStored({
    charged,
    reason,
    at: new Date().toISOString(),
    by: 'operator' as const,
  });
  const read = await watchingRuns(key, () => journal.get(key, options.signal));
  await checkOwner(context, key, read, journal, options);
  const recorded = read.found;
  const record = settledRecord(key, recorded, settlement);
  if (await writeOverRead(journal, key, record, recorded!)) return record;
  // The key changed since it was read (its run finished or renewed, another settle): judged again.
  const again = await watchingRuns(key, () => journal.get(key, options.signal));
  await checkOwner(context, key, again, journal, options);
  settledRecord(key, again.found, settlement); // refused when its outcome is known now
  throw decisionInProgress(key, again.found?.leaseUntil);
}

export function pruneJournal(context: JournalContext, options: PruneOptions): Promise<number> {
  return accessOf(context, options.journal).prune(options.olderThan);
}

/**
 * A record another identity wrote is refused, as a money call with its key would be; one a live
 * run still holds (judged on the journal's clock), or whose run here ended while it was read (its
 * outcome may have landed since), is not unknown yet: a `KeyInProgressError`, nothing written.
 */
async function checkOwner(
  { core, ownerDigest }: JournalContext,
  key: string,
  { found: record, ended }: { found: JournalRecord | undefined; ended: boolean },
  journal: JournalAccess,
  options: { identity?: string | undefined; signal?: AbortSignal | undefined },
): Promise<void> {
  const now = journal.clock()();
  if (isHeldLive(key, record, now, ended)) throw decisionInProgress(key, record?.leaseUntil);
  if (record?.owner === undefined) return;
  const { keyOwnerDigest } = await ownerDigest.load({ signal: options.signal });
  const scope = keyScopeOf(core.keyLoan(undefined), key, options.identity, keyOwnerDigest);
  if (!(await scope.isOwner(record.owner, options.signal))) throw new KeyOwnerError(key);
}

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../lazy-side.js';
