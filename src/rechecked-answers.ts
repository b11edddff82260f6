/**
 * The answer schemas whose answers their resource checks again whatever the client's `validate`
 * says (a seat change's: only real seats are typed `Seat[]`). `validate: 'warn'` never returns
 * such an answer as it came, so a `ResponseValidationError` of one does not advise it.
 *
 * The mark is a registered symbol that src/large-text/validate-large.ts reads without importing
 * this file: its import made tsup put this file in the seat schemas' chunk, which every bundle
 * then loaded whole (createCore + PlansResource +708 B gzip, review20a).
 */
export const RECHECKED = Symbol.for('seatpay.rechecked-answer');

/** `schema`, marked as one whose answers are checked again whatever `validate` says. */
export function recheckedWhateverValidate<S extends object>(schema: S): S {
  return Object.defineProperty(schema, RECHECKED, { value: true });
}
