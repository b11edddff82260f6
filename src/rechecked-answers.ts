/**
 * The answer schemas whose answers their resource checks again whatever the client's `validate`
 * says (a seat change's: only real seats are typed `Seat[]`). `validate: 'warn'` never returns
 * such an answer as it came, so a `ResponseValidationError` of one does not advise it.
 */
const rechecked = new WeakSet<object>();

/** `schema`, marked as one whose answers are checked again whatever `validate` says. */
export function recheckedWhateverValidate<S extends object>(schema: S): S {
  rechecked.add(schema);
  return schema;
}

/** Whether `validate: 'warn'` returns an answer that failed `schema` as it came. */
export function warnReturnsAsItCame(schema: object): boolean {
  return !rechecked.has(schema);
}
