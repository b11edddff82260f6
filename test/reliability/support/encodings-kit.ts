// What the encodings suite needs: the ways a hostile service encodes a secret it echoes, the places
// it puts the echo, and a leak finder that decodes everything seatpay printed on its own (URL, JSON
// and HTML escapes, base64 at any alignment, any letter case) before looking for a secret: an
// implementation independent of the SDK's, so the test does not grade the SDK with its own rules.
import fc from 'fast-check';
import { standsAlone, withoutStackFrames } from '../../support/secret-text.js';

export type Encoding =
  | 'plain'
  | 'upper'
  | 'url'
  | 'form'
  | 'json-escaped'
  | 'json-unicode'
  | 'html-named'
  | 'html-decimal'
  | 'html-hex'
  | 'base64'
  | 'base64url'
  | 'base64-embedded'
  | 'grouped';

export const ENCODINGS: Encoding[] = [
  'plain',
  'upper',
  'url',
  'form',
  'json-escaped',
  'json-unicode',
  'html-named',
  'html-decimal',
  'html-hex',
  'base64',
  'base64url',
  'base64-embedded',
  'grouped',
];

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** `secret` as the service writes it back. */
export function encode(secret: string, encoding: Encoding): string {
  switch (encoding) {
    case 'plain':
      return secret;
    case 'upper':
      return secret.toUpperCase();
    case 'url':
      return encodeURIComponent(secret);
    case 'form':
      return new URLSearchParams({ v: secret }).toString().slice(2);
    case 'json-escaped':
      return JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/');
    case 'json-unicode':
      return [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    case 'html-named':
      return secret.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
      );
    case 'html-decimal':
      return [...secret].map((c) => `&#${c.codePointAt(0)};`).join('');
    case 'html-hex':
      return [...secret].map((c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`).join('');
    case 'base64':
      return b64(secret);
    case 'base64url':
      return b64(secret).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    case 'base64-embedded':
      // A Basic credential: the secret at some byte alignment inside a longer base64 text.
      return b64(`user:${secret}`);
    case 'grouped':
      return /^\d{12,}$/.test(secret) ? secret.replace(/(\d{4})(?=\d)/g, '$1 ') : secret;
  }
}

/** Visible ASCII, as a header can carry a token, with at least one letter. */
const TOKEN_CHARS = fc.constantFrom(
  ...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789_-.~+/=%&<>"\'#?!*'.split(''),
);
const tokenOf = (min: number, max: number) =>
  fc
    .array(TOKEN_CHARS, { minLength: min, maxLength: max })
    .map((chars) => chars.join(''))
    .filter((token) => /[A-Za-z]/.test(token) && /[A-Za-z0-9]/.test(token[0]!));

/** Tokens of every length, short ones (3 to 7 characters) included. */
export const tokens = (): fc.Arbitrary<string> =>
  fc.oneof(tokenOf(3, 7), tokenOf(8, 20), tokenOf(21, 80));

/** Card numbers: 13 to 19 digits, never a run that a CVC could be. */
export const cardNumbers = (): fc.Arbitrary<string> =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 19 })
    .map((digits) => `4${digits.slice(1).join('')}`);

export const cvcs = (): fc.Arbitrary<string> =>
  fc.stringMatching(/^[1-9]\d{2,3}$/).filter((cvc) => cvc.length <= 4);

// ---- the leak finder --------------------------------------------------------------------------

/** Every text `printed` could be read as, once its escapes are undone. */
export function decodedViews(printed: string): string[] {
  const views = new Set<string>([printed]);
  for (const view of [...views]) {
    views.add(urlDecoded(view));
    views.add(urlDecoded(view.replace(/\+/g, ' ')));
    views.add(jsonUnescaped(view));
    views.add(htmlUnescaped(view));
  }
  // Decoding can reveal another layer (JSON escapes inside an HTML page ...): one more round.
  for (const view of [...views]) {
    views.add(jsonUnescaped(htmlUnescaped(urlDecoded(view))));
    for (const decoded of base64Decodings(view)) views.add(decoded);
  }
  return [...views];
}

function urlDecoded(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function jsonUnescaped(text: string): string {
  const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return text
    .replace(/\\u([0-9a-f]{4})/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/\\(["\\/bfnrt])/g, (_, c: string) => simple[c] ?? c);
}

function htmlUnescaped(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => named[name]!);
}

/** Each base64 word decoded from each of its four possible starts (text inside longer base64). */
function base64Decodings(text: string): string[] {
  const found: string[] = [];
  for (const [word] of text.matchAll(/[A-Za-z0-9+/_-]{4,}={0,2}/g)) {
    const standard = word.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    for (let skip = 0; skip < 4 && skip < standard.length; skip++) {
      const part = standard.slice(skip);
      found.push(Buffer.from(part.slice(0, part.length - (part.length % 4)), 'base64').toString());
      found.push(Buffer.from(part, 'base64').toString('latin1'));
    }
  }
  return found;
}

/**
 * The secrets that `printed` still shows once decoded: a whole secret in any case, a short one
 * (under 8 characters) only where it stands alone (the SDK's documented rule), and of a long one
 * (12 characters or more) any piece of half its length, at most 12 characters.
 */
export function leakedSecrets(printed: string[], secrets: string[]): string[] {
  const withoutFrames = printed.map(withoutStackFrames);
  const views = withoutFrames.flatMap(decodedViews);
  const lower = views.map((view) => view.toLowerCase());
  const found: string[] = [];
  for (const secret of secrets) {
    const target = secret.toLowerCase();
    if (secret.length < 8) {
      if (lower.some((view) => standsAlone(view, target))) found.push(secret);
      continue;
    }
    if (lower.some((view) => view.includes(target))) found.push(secret);
    else if (secret.length >= 12) {
      const piece = Math.min(12, Math.ceil(secret.length / 2));
      for (let at = 0; at + piece <= secret.length; at++) {
        const part = secret.slice(at, at + piece);
        if (views.some((view) => view.includes(part))) {
          found.push(`piece of ${secret}: ${part}`);
          break;
        }
      }
    }
  }
  return found;
}

/** Every string inside `value`, found through own properties (enumerable or not), at most 12 deep. */
export function stringsIn(value: unknown, depth = 0, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || depth > 12 || seen.has(value)) return [];
  seen.add(value);
  const found: string[] = [];
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'string') found.push(key);
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor && 'value' in descriptor)
      found.push(...stringsIn(descriptor.value, depth + 1, seen));
  }
  return found;
}
