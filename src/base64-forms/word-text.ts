// What a base64 or hex word a short secret may hide in (secret-forms.ts) reads as.

/** One decoder for every word: making one per word cost more than the decoding (issue 37). */
let utf8: TextDecoder | undefined;

/**
 * Bytes (one per character) as text, or undefined when they are not: UTF-8, or UTF-16LE of
 * Latin-1 text (every second byte zero: PowerShell's `-EncodedCommand`, .NET's
 * `Encoding.Unicode`), where a CVC stands apart only by its zeros (`9\u00008\u00007\u0000`).
 */
export function textOf(binary: string): string | undefined {
  const latin1 = latin1OfUtf16(binary);
  if (latin1 !== undefined) return latin1;
  // Most words are plain words, which decode to bytes that are not UTF-8: told apart without the
  // decoder's exception, which cost a keyed call more than all else (issue 37).
  if (!ASCII.test(binary) && !mayBeUtf8(binary)) return undefined;
  try {
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return (utf8 ??= new TextDecoder('utf-8', { fatal: true })).decode(bytes);
  } catch {
    return undefined;
  }
}

const ASCII = /^[\u0000-\u007f]*$/u; // eslint-disable-line no-control-regex -- bytes below 0x80

/**
 * Whether bytes (one per character) are shaped as UTF-8: each lead byte followed by as many
 * continuation bytes as it announces. A superset of UTF-8 (overlong forms pass): the decoder
 * still has the last word.
 */
function mayBeUtf8(bytes: string): boolean {
  for (let at = 0; at < bytes.length;) {
    const lead = bytes.charCodeAt(at++);
    const more =
      lead < 0x80 ? 0 : lead < 0xc2 ? -1 : lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : lead < 0xf5 ? 3 : -1;
    if (more < 0) return false;
    for (let n = 0; n < more; n++) {
      if (at >= bytes.length || (bytes.charCodeAt(at++) & 0xc0) !== 0x80) return false;
    }
  }
  return true;
}

/** UTF-16LE bytes of Latin-1 text read, or undefined (told at the second byte for most words). */
function latin1OfUtf16(bytes: string): string | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined;
  let text = '';
  for (let at = 0; at < bytes.length; at += 2) {
    if (bytes.charCodeAt(at + 1) !== 0) return undefined;
    text += bytes[at];
  }
  return text;
}
