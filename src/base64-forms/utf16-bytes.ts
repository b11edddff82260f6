/**
 * A text's UTF-16LE bytes, each code unit low byte first: what Windows writes when it encodes
 * text, and so what PowerShell's `-EncodedCommand` and a .NET `Convert.ToBase64String` of
 * `Encoding.Unicode` take base64 of (`4242` is `NAAyADQAMgA=`): a script that echoes such a
 * command line quotes the secret in it.
 */
export function utf16leBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    bytes[2 * at] = unit & 0xff;
    bytes[2 * at + 1] = unit >> 8;
  }
  return bytes;
}

/** `text` with its ASCII digits as a CJK page writes them, full-width (`４２４２`). */
export function fullWidth(text: string): string {
  return text.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + +digit));
}

/**
 * A pattern of the hex a dump of `secret`'s UTF-16 bytes shows: little-endian (`34003200`,
 * .NET's, PowerShell's) with or without its last zero, so big-endian's (`00340032`, Java's) too;
 * and of its digits full-width (`14ff12ff`, big-endian `ff14ff12`). The `i` flag takes either case.
 * And its UTF-32's (`3400000032000000`, Python's `encode('utf-32')`, a `wchar_t` dump), either order.
 */
export function utf16Hex(secret: string): string {
  const forms = [secret, fullWidth(secret)].map((text) =>
    [...utf16leBytes(text)].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
  );
  const [own, wide] = forms as [string, string];
  // UTF-32: each code unit's four digits and four zeros (`34003200` is `3400000032000000`).
  const utf32 = own.replace(/..../g, '$&0000').replace(/0{6}$/, '(?:0{6})?');
  return `${own.replace(/00$/, '(?:00)?')}${wide === own ? '' : `|${wide.replace(/ff$/, '(?:ff)?')}`}|${utf32}`;
}
