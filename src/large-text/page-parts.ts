// What the slices' chunk (redact-in-slices.ts, resumable-scan.ts) uses of the page's own code,
// handed to it once it is loaded (redact-large.ts) instead of imported. A chunk loaded on first
// use that imports modules of the page makes a bundler split those into a chunk of their own, one
// more file before a page's first answer; re-exporting lazy-side.ts, as the helpers do, would
// bring the journals into every page bundled as one file, the slices being reached by every call.
import {
  copy,
  isPlainObject,
  isSecretKey,
  kindOf,
  MAX_DEPTH,
  put,
  REDACTED,
} from '../core/secrets/redact.js';
import { formsOf } from '../core/secrets/secret-forms.js';
import {
  collect,
  collectPieces,
  collectWords,
  cutOut,
  nextTo,
} from '../core/secrets/secret-scan.js';
import { foldedSearch, hasOverride } from '../folded-text/folded-text.js';
import { byteListOf } from '../base64-forms/byte-lists.js';
import { SLICE, weigh } from './large-value.js';

/** The redaction's and the search's parts, as the page has them. */
export const pageParts = {
  copy,
  isPlainObject,
  isSecretKey,
  kindOf,
  MAX_DEPTH,
  put,
  REDACTED,
  SLICE,
  weigh,
  formsOf,
  collect,
  collectPieces,
  collectWords,
  cutOut,
  nextTo,
  foldedSearch,
  hasOverride,
  byteListOf,
};

export type PageParts = typeof pageParts;
