import { formsOf } from '../core/secrets/secret-forms.js';
import type { Secrets } from '../core/secrets/secrets.js';

/** What a base64 or hex word is made of: the part searched never ends inside one. */
const WORD_REST = /[\w+/=-]*/y;

/**
 * The first `length` characters of `text` redacted: what redacting it whole and cutting gives,
 * without searching megabytes (a non-JSON answer quoted by a validation error held the event loop
 * a tenth of a second per 5 MB). Every match that starts before `upTo` (`length` and nine times
 * `reach`, the longest a form of a secret can be: secret-forms.ts) is whole in the part searched,
 * words too, so the part's redaction is the whole one's up to there; what the part holds after
 * `upTo` is at most a marker (10 characters) per character at the end of it: the rest is
 * certain. When that is too little (a text made mostly of secrets), the whole text is searched.
 */
export function redactedPrefix(text: string, secrets: Secrets, length: number): string {
  const reach = Math.max(0, ...secrets.list.map((secret) => formsOf(secret).reach));
  WORD_REST.lastIndex = length + 10 * reach;
  const part = text.slice(0, WORD_REST.lastIndex + (WORD_REST.exec(text)?.[0].length ?? 0));
  const redacted = secrets.text(part);
  const certain = redacted.length - 10 * (part.length - length - 9 * reach);
  return (certain < length ? secrets.text(text) : redacted).slice(0, length);
}
