// A secret's bytes as a program writes them one by one: escapes in a string, hex in a dump.

/** `value` in hex, `width` digits at least. */
export function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, '0');
}

/**
 * Bytes as escapes of a string: `\x73\x6b` (`lead` `\\x`, hex) or `\163\153` (`lead` `\\`,
 * octal: a C string's, a shell's `$'…'`, PostgreSQL's bytea, a server echoing a body so), as a
 * pattern. A token's octal escapes were printed (redteam44).
 */
export function escaped(bytes: readonly number[], lead: string, radix: 8 | 16): string {
  return bytes
    .map((byte) => lead + byte.toString(radix).padStart(radix === 8 ? 3 : 2, '0'))
    .join('');
}

/**
 * Between a long secret's bytes in a dump or a list: a blank, a colon, a dash (`34 32`, `34:32`),
 * a semicolon, a bar, a tab (a spreadsheet's, a logger's columns), a comma with a blank or none,
 * and quoted items (`"73","6b"`, Python's `['0x73', '0x6b']`): each but the first was printed
 * (redteam44). One mark each way, never two runs of blanks: a pattern that could split a run of
 * blanks two ways took a time growing as the run's length squared to fail.
 */
const APART = `[ :;|\\t-]|,[ \\t]?|["'],[ \\t]?["']`;

/** The secret's UTF-8 bytes as hex, together (the `i` flag takes either case). */
export function hexOf(secret: string): string {
  return [...new TextEncoder().encode(secret)].map((byte) => hex(byte, 2)).join('');
}

/**
 * As {@link hexOf}, {@link APART} or nothing between each two bytes, and `0x` before each or
 * not. Each mark is taken whole where it is (a look-ahead's capture, then its backreference: the
 * group numbers start at 1, so no capturing group may come before this in a pattern). The same
 * matches as an optional mark each (`(?:…)?`, which never has to give one back: no mark is a hex
 * digit), but V8 took 15 to 90 ms to compile a token's 31 optional marks, at its first redaction;
 * this form 0.5 (redteam47).
 */
export function hexApartOf(secret: string): string {
  return [...new TextEncoder().encode(secret)]
    .map((byte, at) => (at ? `(?=(${APART}|))\\${at}(?:0x)?` : '') + hex(byte, 2))
    .join('');
}
