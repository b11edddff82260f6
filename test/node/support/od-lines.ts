// How od prints bytes, for the tests that hide a secret in its dumps: 16 bytes a line, each line
// led by its offset, the cells as the test's flags print them.

/** An offset as od prints it by default: seven octal digits. */
export const octalOffset = (at: number) => at.toString(8).padStart(7, '0');

/** od's lines of `bytes`: each line's `offset` (none for `-A n`: `() => ''`), then its `cells`. */
export function odLines(
  bytes: Buffer,
  cells: (line: Buffer) => string,
  offset: (at: number) => string = octalOffset,
): string[] {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16)
    lines.push(offset(at) + cells(bytes.subarray(at, at + 16)));
  return lines;
}

/** A line's 16-bit words as od reads them on a little-endian machine (`-x`, `-d`), the odd byte padded. */
export const littleEndianWords = (line: Buffer) =>
  Array.from(
    { length: Math.ceil(line.length / 2) },
    (_, at) => line[2 * at]! | ((line[2 * at + 1] ?? 0) << 8),
  );
