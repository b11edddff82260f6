import type * as z from 'zod/mini';
import { ConsumableSchema } from '../schemas/consumables.js';
import { CurrencySchema, InvoiceSchema } from '../schemas/invoices.js';
import { ServiceItemSchema, ServiceSchema } from '../schemas/payments.js';
import { SeatSchema } from '../schemas/seats.js';
import { SubscriptionSchema } from '../schemas/subscriptions.js';
import { wireComponents, type JsonSchema } from './json-schema.js';
import type { Named } from './operation.js';

/** Parts the answers share, named once in the document's components. */
export const BUILDING_BLOCKS: Readonly<Record<string, z.ZodMiniType>> = {
  Currency: CurrencySchema,
  Invoice: InvoiceSchema,
  Service: ServiceSchema,
  ServiceItem: ServiceItemSchema,
  Seat: SeatSchema,
  Subscription: SubscriptionSchema,
  Consumable: ConsumableSchema,
};

/**
 * The answers' schemas, each once by name, referenced from the operations; the building blocks
 * they share (an invoice, a seat) are components too, so no shape is written twice.
 */
export class Components {
  readonly #named = new Map<string, z.ZodMiniType>(Object.entries(BUILDING_BLOCKS));

  ref({ name, schema }: Named): JsonSchema {
    const known = this.#named.get(name);
    if (known !== undefined && known !== schema)
      throw new Error(`seatpay openapi: two schemas named ${name}`);
    this.#named.set(name, schema);
    return { $ref: `#/components/schemas/${name}` };
  }

  get schemas(): Record<string, JsonSchema> {
    const schemas = wireComponents(this.#named, 'answer');
    return Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, schemas[name]!]),
    );
  }
}
