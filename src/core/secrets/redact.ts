/**
 * The one place that hides secrets. Everything that leaves seatpay as text (errors, log lines,
 * serialized bodies) passes through here first. What counts as an occurrence of a secret (every
 * encoding, pieces of long secrets, short secrets only where they stand alone) is written down in
 * secret-forms.ts, which builds the patterns.
 */
import { formsOf, fromBase64, fromHex, type SecretForms } from './secret-forms.js';

export const REDACTED = '[REDACTED]';

/** Field names whose values are always secret, in headers and in bodies. */
const SECRET_KEYS = new Set([
  'authorization',
  'proxy-authorization',
  'card_number',
  'cvc',
  'cvv',
  'cvc2',
  'cvv2',
  'access_token',
  'password',
]);

/** True for a header or body key that holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/** A word of base64 text, as a short secret may hide in (`YWJj`, a Basic credential). */
const BASE64_WORD = /[A-Za-z0-9+/_-]{4,}={0,2}/g;

/**
 * Replaces every occurrence of the given secrets inside `text`, in any encoding (see
 * secret-forms.ts). All matches are found on the original text first, then cut out together, so
 * one secret's marker never hides or splits another's. `stored`: the text is kept and replayed
 * (a journal's record), where a short number is hidden only where labelled or whole.
 */
export function scrubText(text: string, secrets: readonly string[], stored = false): string {
  if (typeof text !== 'string' || text.length === 0 || secrets.length === 0) return text;
  const ranges: [number, number][] = [];
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length === 0) continue;
    const forms = formsOf(secret);
    const pattern = stored ? forms.stored : forms.text;
    collect(pattern, text, ranges);
    if (forms.base64) collect(forms.base64, text, ranges);
    if (forms.pieceLength) collectPieces(forms, text, ranges);
    if (forms.short) collectBase64Words(pattern, text, ranges);
  }
  return ranges.length === 0 ? text : cutOut(text, ranges);
}

function collect(pattern: RegExp, text: string, ranges: [number, number][]): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) pattern.lastIndex++;
    else ranges.push([match.index, match.index + match[0].length]);
  }
}

/**
 * Pieces of a long secret: windows taken every `step` characters of it are searched for, and each
 * hit is widened to all it shares with the secret. Any shared run of `pieceLength` or more holds
 * one whole window, so none is missed.
 */
function collectPieces(forms: SecretForms, text: string, ranges: [number, number][]): void {
  const { plain, pieceLength } = forms;
  const step = Math.max(1, Math.floor(pieceLength / 2));
  const width = pieceLength - step + 1;
  for (let start = 0; start + width <= plain.length; start += step) {
    const window = plain.slice(start, start + width);
    for (let at = text.indexOf(window); at !== -1; at = text.indexOf(window, at + 1)) {
      let left = 0;
      while (at - left > 0 && start - left > 0 && text[at - left - 1] === plain[start - left - 1])
        left++;
      let right = width;
      while (at + right < text.length && text[at + right] === plain[start + right]) right++;
      if (left + right >= pieceLength) ranges.push([at - left, at + right]);
    }
  }
}

/**
 * A word of hex text, as a short secret may hide in (a dump of a whole card object); one of
 * digits alone is a number (an id, a time), not taken apart.
 */
const HEX_WORD = /(?<![0-9a-z])(?=\d*[a-f])(?:[0-9a-f]{2}){4,}(?![0-9a-z])/gi;

/**
 * A short secret inside a base64 or hex word: the whole word goes when its text holds the secret
 * standing alone (`{"cvc":"987"}` as base64 or hex).
 */
function collectBase64Words(pattern: RegExp, text: string, ranges: [number, number][]): void {
  collectWords(BASE64_WORD, fromBase64, pattern, text, ranges);
  collectWords(HEX_WORD, fromHex, pattern, text, ranges);
}

function collectWords(
  word: RegExp,
  decode: (word: string) => string | undefined,
  pattern: RegExp,
  text: string,
  ranges: [number, number][],
): void {
  word.lastIndex = 0;
  for (let match = word.exec(text); match; match = word.exec(text)) {
    const decoded = decode(match[0]);
    if (decoded === undefined) continue;
    pattern.lastIndex = 0;
    if (pattern.test(decoded)) ranges.push([match.index, match.index + match[0].length]);
  }
}

function cutOut(text: string, ranges: [number, number][]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let result = '';
  let kept = 0;
  for (const [start, end] of merged) {
    result += text.slice(kept, start) + REDACTED;
    kept = end;
  }
  return result + text.slice(kept);
}

const OWN_FIELD = { enumerable: true, writable: true, configurable: true };
/** Deeper than this, {@link redact} replaces a value with a marker (a body is data, not a maze). */
const MAX_DEPTH = 20;

/**
 * A deep copy of `value` in which secret keys are masked and the given secrets are scrubbed from
 * every string and key. Non-plain objects (FormData, Blob) are described, not copied; cycles,
 * depth past 20 and values that throw when read (a Proxy, a getter) become markers, never an
 * exception. `scrub` is how a string or key is scrubbed (by default {@link scrubText} with
 * `secrets`): a caller may remember the strings found clean.
 */
export function redact(
  value: unknown,
  secrets: readonly string[] = [],
  scrub: (text: string) => string = (text) => scrubText(text, secrets),
): unknown {
  return copy(value, secrets, scrub, 0, new Set());
}

function copy(
  value: unknown,
  secrets: readonly string[],
  scrub: (text: string) => string,
  depth: number,
  seen: Set<object>,
): unknown {
  if (typeof value === 'string') return scrub(value);
  // A card number can come back as a number (short numbers are ids and amounts, not secrets); a
  // symbol's description can quote anything.
  if (typeof value === 'number' || typeof value === 'bigint')
    return String(value).length >= 12 && scrubText(String(value), secrets) !== String(value)
      ? REDACTED
      : value;
  if (typeof value === 'symbol') return scrubText(value.toString(), secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[…]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      // A new array filled here: an array's own `map` (or its species) could answer with a secret.
      const items = new Array<unknown>(value.length);
      for (let at = 0; at < value.length; at++)
        if (at in value) items[at] = copy(value[at], secrets, scrub, depth + 1, seen); // holes kept
      return items;
    }
    if (!isPlainObject(value)) return `[${kindOf(value)}]`;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // Keys are scrubbed too: a service can key a listing by what it was sent (the token).
      const name = scrub(key);
      const field = isSecretKey(key) ? REDACTED : copy(item, secrets, scrub, depth + 1, seen);
      // Assigned (defining cost a keyed call more than its search, issue 37), but defined when
      // inherited: a body key `__proto__` (JSON.parse makes it an own key) must stay a key.
      if (name in result) Object.defineProperty(result, name, { ...OWN_FIELD, value: field });
      else result[name] = field;
    }
    return result;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A class name for a marker, or `object` when even that cannot be read. */
export function kindOf(value: object): string {
  try {
    const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name ? name : 'object';
  } catch {
    return 'object';
  }
}
