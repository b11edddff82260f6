import { formatCents, type Cents } from '../core/money.js';
import { iso, type ChargeKind, type InvoiceRecord, type SimulatorState } from '../state/state.js';

export interface ChargeRequest {
  kind: ChargeKind;
  userId: number;
  amount: Cents;
  subscriptionId?: number | null;
  teamId?: number | null;
  service?: string | null;
  howMany?: number | null;
}

/**
 * Charges a user's card once: one FULFILLED invoice and one entry in `sim.charges`. Every path that
 * spends money (pay, consumable checkout, auto-recharge) goes through here, so the charge list is
 * the single record a test checks for double charging.
 */
export function charge(state: SimulatorState, request: ChargeRequest): InvoiceRecord {
  const paidAt = state.now();
  const invoice: InvoiceRecord = {
    id: state.nextId('invoice'),
    userId: request.userId,
    amount: request.amount,
    kind: request.kind,
    paidAt,
    subscriptionId: request.subscriptionId ?? null,
    teamId: request.teamId ?? null,
    service: request.service ?? null,
    howMany: request.howMany ?? null,
  };
  state.invoices.push(invoice);
  state.charges.push({
    kind: request.kind,
    amount: formatCents(request.amount),
    user: request.userId,
    ...(invoice.subscriptionId === null ? {} : { subscription: invoice.subscriptionId }),
    invoice: invoice.id,
    ...(invoice.service === null ? {} : { service: invoice.service }),
    at: iso(paidAt),
  });
  return invoice;
}
