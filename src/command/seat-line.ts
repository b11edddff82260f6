import type { Seat } from '../index.js';
import { printableField } from './printable.js';

/** A seat's own columns, tab-separated: the email is the service's text, escaped so it forges no line or column. */
const identity = (seat: Seat) => `${seat.id}\t${printableField(String(seat.email))}`;

/** A seat as listed (or just changed): its id, email and status. */
export const seatLine = (seat: Seat) =>
  `${identity(seat)}\t${seat.is_active ? 'active' : 'inactive'}`;

/** A seat just removed: its id and email. Its status as listed before ("active") is no longer true. */
export const removedSeatLine = (seat: Seat) => `removed ${identity(seat)}`;
