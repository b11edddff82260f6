// A secret printed in a hex dump: the three secrets the dump tests hide, how a dump prints a byte
// and a text column, and whether a redacted dump still shows a secret's bytes.

export const card = '4539148803436467';
export const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';
export const password = 'hunter2-Correct-Horse';

/** A byte as a dump's two hex digits. */
export const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** The text column of a dump's line: printable ASCII as it is, any other byte as `.`. */
export const shown = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('');

/** Whether `out` still holds six characters of `secret` in a row, as text or as hex bytes. */
export function holdsBytes(out: string, secret: string): boolean {
  const digits = out.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return [secret.slice(0, 6), secret.slice(-6), secret.slice(5, 11)].some(
    (piece) => out.includes(piece) || digits.includes(Buffer.from(piece).toString('hex')),
  );
}
