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
