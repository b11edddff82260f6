import type { RequestOptions } from '../core/setup/options.js';
import type { CheckoutRecord, JournalRecord } from './journal.js';
import type { Invoice } from '../schemas/invoices.js';
import type { JournalAccess } from './journal-access.js';
import type { Evidence } from './evidence.js';
import { isCharge, isDeclined, statusOf } from './charge-status.js';
import { canonical, withToken } from './key-checks.js';
import { REDACTED } from '../core/secrets/redact.js';

/** What a checkout's reconcile reads: the caller's invoices. */
export interface CheckoutEvidenceCalls {
  listInvoices(options?: RequestOptions): Promise<Invoice[]>;
}

/**
 * How far before the record's time an invoice may be dated and still be this checkout's (the
 * record is dated by this machine's clock, the invoice by the service's): such an invoice makes
 * the outcome ambiguous, never charged.
 */
const CLOCK_SKEW_MS = 120_000;

/**
 * A checkout was charged when the service lists a charge (a FULFILLED invoice, or one refunded
 * or disputed since: {@link isCharge}) of its service and quantity (and its subscription, when
 * the invoice names one) dated after it was sent, that no other key of the journal already owns;
 * a declined charge (REJECTED) is nobody's and is left out. When several keys of the same order are unsettled, each needs an invoice
 * of its own; more invoices than keys, or one dated around the time it was sent, and the invoices
 * cannot be told apart from another order's of the same thing (unknown). No invoice does not prove the checkout failed (a
 * listing can lag or be cut short), so the service never says "no" here.
 */
export async function checkoutEvidence(
  calls: CheckoutEvidenceCalls,
  journal: JournalAccess,
  key: string,
  record: CheckoutRecord,
  signal: AbortSignal | undefined,
  tokenField?: TokenField,
): Promise<Evidence> {
  const order = orderOf(record);
  const line = await lineNameOf(order.service, record, tokenField);
  const sentAt = Date.parse(record.updatedAt);
  // A declined charge (REJECTED) moved no money: it is no order's charge, and never counted.
  const invoices = (await calls.listInvoices(signal ? { signal } : {})).filter(
    (invoice) =>
      !isDeclined(invoice) &&
      invoiceMatches(invoice, order, line) &&
      paidAt(invoice) >= sentAt - CLOCK_SKEW_MS,
  );
  const others = await sameOrders(journal, key, order);
  const taken = new Set<number | undefined>(others.map(({ record: other }) => resultId(other)));
  taken.delete(undefined);
  const free = invoices
    .filter((invoice) => !taken.has(invoice.id))
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const rivals = others.filter(
    ({ record: other }) => other.charged === 'unknown' && !other.settled,
  );
  const what = `${order.how_many} × ${String(order.service)}${order.subscription === undefined ? '' : ` for subscription ${String(order.subscription)}`}`;
  // Exactly one invoice per unsettled key of the order, none dated before it was sent: an
  // invoice too many, or one that may be older than the key's call, is another order's as well.
  const early = free.filter((invoice) => paidAt(invoice) < sentAt);
  if (early.length > 0 || free.length !== rivals.length + 1) {
    return {
      charged: 'unknown',
      evidence: ambiguity(free.length, early.length, rivals.length + 1, what, record.updatedAt),
    };
  }
  const queue = [...rivals.map(({ key: other }) => other), key].sort();
  const invoice = free[queue.indexOf(key)]!;
  // Pending, or a status that is not a charge: it may become one, or not; nothing is concluded.
  if (!isCharge(invoice)) {
    return {
      charged: 'unknown',
      evidence: `invoice ${String(invoice.id)} of ${what} is ${statusOf(invoice)}, not a charge (yet)`,
    };
  }
  return {
    charged: 'yes',
    evidence: `invoice ${String(invoice.id)} of ${what}, paid at ${String(invoice.paid_at)}`,
    change: { stage: 'done', result: invoice },
  };
}

/**
 * Why the invoices cannot tell, in words that say which were searched: those dated from
 * CLOCK_SKEW_MS before the call was recorded (the two clocks may differ), not owned by another key.
 */
function ambiguity(found: number, early: number, keys: number, what: string, sent: string): string {
  const at = Date.parse(sent);
  // A record's time that is no date (edited by hand) finds no invoice: say it as it is.
  const from = Number.isFinite(at) ? new Date(at - CLOCK_SKEW_MS).toISOString() : `"${sent}"`;
  const searched = `dated from ${from} on (${CLOCK_SKEW_MS / 60_000} minutes before the call was recorded at ${sent}: the service's clock may differ) and owned by no other key`;
  if (found === 0)
    return `no invoice of ${what} ${searched}; a listing can lag, so this does not prove it was not charged`;
  const dated =
    early === 0
      ? ''
      : `; ${early} of them dated before the call was recorded, so possibly another order's`;
  return `cannot tell which invoice is this order's: ${found} invoice(s) of ${what} ${searched}, for ${keys} unsettled key(s) of that order${dated}`;
}

interface Order {
  service: unknown;
  how_many: unknown;
  subscription: unknown;
}

function orderOf(record: CheckoutRecord): Order {
  const { service, how_many, subscription } = record.params ?? {};
  return { service, how_many, subscription };
}

function invoiceMatches(invoice: Invoice, order: Order, name: string | undefined): boolean {
  const lines = invoice.amount_breakdown?.['service-items'] ?? {};
  const line = name !== undefined && Object.hasOwn(lines, name) ? lines[name] : undefined;
  const howMany = (line as { 'how-many'?: unknown } | undefined)?.['how-many'];
  const subscription = (invoice as { subscription?: unknown }).subscription;
  const sameSubscription =
    subscription === undefined ||
    subscription === null ||
    order.subscription === undefined ||
    subscription === order.subscription;
  return howMany === order.how_many && sameSubscription;
}

function paidAt(invoice: Invoice): number {
  const at = Date.parse(invoice.paid_at ?? invoice.created_at ?? '');
  return Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
}

function resultId(record: JournalRecord): number | undefined {
  return record.kind === 'checkout' ? record.result?.id : undefined;
}

/** The journal's other checkouts of the same order (none when the journal cannot list). */
async function sameOrders(journal: JournalAccess, key: string, order: Order) {
  if (typeof journal.member('list') !== 'function') return [];
  const found: Array<{ key: string; record: JournalRecord }> = [];
  for await (const page of journal.pages(undefined, 500)) {
    for (const entry of page) {
      if (
        entry.key !== key &&
        entry.record.kind === 'checkout' &&
        sameOrder(orderOf(entry.record), order)
      )
        found.push(entry);
    }
  }
  return found;
}

function sameOrder(a: Order, b: Order): boolean {
  return a.service === b.service && a.how_many === b.how_many && a.subscription === b.subscription;
}

/** The client's fixed token, and the digest of a call's field under it (`KeyScope.fieldDigest`). */
export interface TokenField {
  token: string;
  digest: (name: string, value: string) => Promise<string | undefined>;
}

/**
 * The name of the invoice's line of the order's service. The order is as recorded, with the
 * client's secrets hidden: a short token inside the slug (`ai` in `ai-credits`) was recorded
 * `[REDACTED]-credits`, and a marker does not say which secret it hid (`AI-credits`, or
 * `737-credits` after a card with CVC 737, are recorded alike). The line is the recorded name with
 * its markers put back to the client's fixed token only when the record's digest of the field
 * (`paramsDigest`) says the service was that very name; else only a line named as recorded is it,
 * and taking another settled an order as charged on another service's invoice.
 */
async function lineNameOf(
  service: unknown,
  record: CheckoutRecord,
  tokenField: TokenField | undefined,
): Promise<string | undefined> {
  if (typeof service !== 'string') return undefined;
  const kept = record.paramsDigest;
  if (!tokenField || typeof kept !== 'string' || !service.includes(REDACTED)) return service;
  const name = withToken(service, tokenField.token) as string;
  const digest = await tokenField.digest('service', canonical(name));
  return digest !== undefined && kept.split(' ').includes(digest) ? name : service;
}
