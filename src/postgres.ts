/**
 * The `seatpay/postgres` entry: a journal on PostgreSQL through `pg` (an optional peer
 * dependency: install it to use this entry), shared by any number of processes and machines.
 *
 * @example
 * ```ts
 * import { postgresJournal } from 'seatpay/postgres';
 *
 * const journal = postgresJournal(process.env.DATABASE_URL!);
 * await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: 'order-7', journal });
 * ```
 *
 * @module seatpay/postgres
 */
export {
  postgresJournal,
  type PostgresJournal,
  type PostgresJournalOptions,
  type PgQueryable,
  type PgResult,
} from './journals/postgres/postgres-journal.js';
