// Text from a row or an answer is printed, never obeyed: a line break in a key would forge a row
// line, an escape sequence would clear or retitle the terminal, a bidi override would reorder what
// is shown. Each such character is printed as its `\u{...}` escape instead.

/** C0 and C1 controls, DEL, line and paragraph separators, bidi embeddings, overrides, isolates. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const escaped = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`;

/** A field shown on one line: every control character escaped. */
export function printableField(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/** A line (or lines) of text output: line breaks and tabs the command wrote kept, the rest escaped. */
export function printableText(text: string): string {
  return text.replace(UNSAFE, (char) => (char === '\n' || char === '\t' ? char : escaped(char)));
}

/**
 * JSON text as JSON.stringify wrote it (C0 controls in strings already `\uXXXX`; its own line
 * breaks kept): DEL, C1 controls, separators and bidi controls too. They only occur inside
 * strings, where `\uXXXX` is valid JSON.
 */
export function printableJson(json: string): string {
  return json.replace(UNSAFE, (char) =>
    char === '\n' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether the text holds a character {@link printableField} would escape. */
export function hasUnsafeCharacter(text: string): boolean {
  return new RegExp(UNSAFE.source, 'u').test(text);
}
