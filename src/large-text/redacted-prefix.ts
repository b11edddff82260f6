import { REDACTED, scrubText } from '../core/secrets/redact.js';
import type { Secrets } from '../core/secrets/secrets.js';
import { formsOf } from '../core/secrets/secret-forms.js';
import { collect, collectPieces, collectWords, cutOut } from '../core/secrets/secret-scan.js';
import { foldedSearch } from '../folded-text/folded-text.js';

/** What a base64 or hex word is made of: a view of the text never ends inside one. */
const WORD_REST = /[A-Za-z0-9+/_=-]*/y;

/**
 * The first `length` characters of `text` redacted with the client's secrets: `scrubText(text)
 * .slice(0, length)`, exactly, without searching the whole text (a non-JSON answer of 5 MB quoted by
 * a validation error held the event loop 60-140 ms). Node's platform hands it to the client
 * (`Platform.quoteStart`): on a browser's page its bytes were more than the guards leave. The matches that start before a point are
 * searched for in the text up to that point and the longest any form can be (`reach`,
 * secret-forms.ts), words whole; their redaction is a prefix of the whole one. Markers shorten a
 * text, so that prefix may be short of `length`: the point then goes four times as far (or past the
 * words searched), the whole text searched at most a third more than in one go.
 */
export function redactedPrefix(text: string, known: Secrets, length: number): string {
  const secrets = known.list;
  let reach = 0;
  for (const secret of secrets)
    if (typeof secret === 'string' && secret !== '') reach = Math.max(reach, formsOf(secret).reach);
  for (let upTo = Math.max(1, length); ;) {
    if (upTo + reach >= text.length) return scrubText(text, secrets).slice(0, length);
    WORD_REST.lastIndex = upTo + reach;
    const view = text.slice(0, upTo + reach + (WORD_REST.exec(text)?.[0].length ?? 0));
    const sure = redactedUpTo(view, secrets, upTo);
    if (sure.length >= length) return sure.slice(0, length);
    upTo = Math.max(upTo * 4, view.length);
  }
}

/**
 * `view` redacted as far as the matches that start before `upTo` make certain: the same search as
 * `scrubAll` (secret-scan.ts, not a record's); the view holds each of them whole.
 */
function redactedUpTo(view: string, secrets: readonly string[], upTo: number): string {
  const ranges: [number, number][] = [];
  const fold = foldedSearch(view, 0, upTo, 0);
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret === '') continue;
    const forms = formsOf(secret);
    collect(forms.text, view, 0, upTo, ranges);
    for (const form of [forms.text, ...forms.base64]) fold?.(form, ranges);
    for (const form of forms.base64) collect(form, view, 0, upTo, ranges);
    if (forms.pieceLength) collectPieces(forms, view, view, 0, upTo, ranges);
    for (const [word, decode] of forms.words)
      collectWords(word, decode, forms.text, view, 0, upTo, ranges);
  }
  // Past `upTo`, only what a match found covers is certain (a later one may be cut by the view).
  const end = ranges.reduce((far, [, to]) => Math.max(far, to), upTo);
  return cutOut(view.slice(0, end), ranges, REDACTED);
}
