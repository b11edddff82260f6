// What the parts loaded on first use share: the page's side (page-side.ts), and what the main
// entry exports that only they use: the errors of the helpers and journals, and the in-memory
// journal of keys given without one with the record rules it brings, and the unknown-option
// check upload, waitFor and purchase share (a module of its own was a file of its own, signals19). Each part re-exports
// `lazySide` (a function nothing calls, naming each module: no module namespace, page-side.ts),
// so that every part reaches all of it: one chunk for all parts, loaded with the first one a page
// uses, not one per combination of them.
import { pageSide } from './page-side.js';
import { UploadError } from './helpers/helper-errors.js';
import { JournalError } from './journals/journal-errors.js';
import { PurchaseError } from './helpers/purchase/purchase-error.js';
import { memoryJournal } from './journals/memory-journal.js';
import { defaultJournalOf } from './journals/default-journal.js';
import { pageOf } from './journals/record-rules.js';
import { parseRecord } from './journals/stored-record.js';
import { checkKnownOptions } from './helpers/unknown-option.js';

/** Every module the parts share, reached through one function nothing calls (see above). */
export function lazySide(): readonly unknown[] {
  return [
    pageSide,
    UploadError,
    JournalError,
    PurchaseError,
    memoryJournal,
    defaultJournalOf,
    pageOf,
    parseRecord,
    checkKnownOptions,
  ];
}
