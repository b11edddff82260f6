// A hex dump of JSON text in words of 1, 2, 4 or 8 bytes (xxd -g, od -x, od -tx4), for the
// redaction benches: a text of many words that holds no secret.

/** A dump of about `chars` characters of JSON text: words of `size` bytes, offsets, 16 bytes a line. */
export function wordDump(chars: number, size: number, littleEndian: boolean): string {
  const bytes = Buffer.from('{"id":12,"name":"seat","qty":789}'.repeat(chars / 100));
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const words: string[] = [];
    for (let word = at; word < Math.min(at + 16, bytes.length); word += size) {
      const part = [...bytes.subarray(word, word + size)];
      words.push(
        (littleEndian ? part.reverse() : part).map((b) => b.toString(16).padStart(2, '0')).join(''),
      );
    }
    lines.push(`${at.toString(8).padStart(7, '0')} ${words.join(' ')}`);
  }
  return lines.join('\n');
}
