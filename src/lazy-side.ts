// What the parts loaded on first use share: the page's side (page-side.ts), and what the main
// entry exports that only they use: the errors of the helpers and journals, and the in-memory
// journal of keys given without one with the record rules it brings. Each part re-exports this
// module (`export * as lazySide`, which nothing reads), so that every part reaches all of it: one
// chunk for all parts, loaded with the first one a page uses, not one per combination of them.
export * as pageSide from './page-side.js';
export { UploadError } from './helpers/helper-errors.js';
export { JournalError } from './journals/journal-errors.js';
export { PurchaseError } from './helpers/purchase/purchase-error.js';
export { memoryJournal } from './journals/memory-journal.js';
export { defaultJournalOf } from './journals/default-journal.js';
export { pageOf } from './journals/record-rules.js';
export { parseRecord } from './journals/stored-record.js';
