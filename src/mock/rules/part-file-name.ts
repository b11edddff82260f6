import { printableEverywhere } from '../../helpers/upload/printable-everywhere.js';

/**
 * The file name the deployed server's multipart parser (Django's `MultiPartParser`) gives a file
 * part, from the name its sender wrote: `sanitize_file_name` unescapes HTML entities, keeps what
 * follows the last `/` and the last `\`, and drops what Python calls non-printable (controls,
 * format characters such as U+200D, every space but ' ', surrogates, unassigned code points). A
 * name that leaves nothing (or `.`, `..`) is no file at all: the part is skipped. Undefined then.
 * Which code points are unassigned depends on the Python's Unicode version, which the deployed
 * server does not tell: the simulator plays the oldest (Unicode 3.2, {@link printableEverywhere}),
 * so a name holding a character a newer Unicode assigned (an emoji of Unicode 15, U+20C1 of
 * Unicode 17) loses it here as on a server older than the client's engine.
 *
 * `sent` is the name as `Request.formData()` hands it over: that parser turns the `%22`, `%0A` and
 * `%0D` senders write for `"`, LF and CR back into them, and Django keeps them as written; so they
 * are written back first. (A name whose own text held `%0d` lower case comes back as `%0D`.)
 */
export function djangoPartFileName(sent: string): string | undefined {
  const written = sent.replace(/"/g, '%22').replace(/\n/g, '%0A').replace(/\r/g, '%0D');
  const base = unescapeHtml(written).split('/').pop()!.split('\\').pop()!;
  const printable = [...base].filter((char) => printableEverywhere(char.codePointAt(0)!)).join('');
  return printable === '' || printable === '.' || printable === '..' ? undefined : printable;
}

/** Python's `html.unescape` for the entities a file name may carry (numeric ones, and the common names). */
const ENTITY = /&(?:#(\d+);?|#[xX]([0-9a-fA-F]+);?|(amp|lt|gt|quot|nbsp|copy|reg);?|(apos);)/g;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  apos: "'",
};

function unescapeHtml(text: string): string {
  return text.replace(
    ENTITY,
    (_, decimal?: string, hex?: string, legacy?: string, apos?: string) => {
      if (legacy ?? apos) return NAMED[(legacy ?? apos)!]!;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      // Python answers U+FFFD for NUL, surrogates and beyond Unicode.
      const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
      return invalid ? '\ufffd' : String.fromCodePoint(code);
    },
  );
}

/**
 * The form as the deployed server's parser reads it: each file part under
 * {@link djangoPartFileName}, a part whose name cleans to nothing left out.
 */
export function withDjangoPartNames(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [field, value] of form) {
    if (typeof value === 'string') {
      cleaned.append(field, value);
      continue;
    }
    const name = djangoPartFileName(value.name);
    if (name !== undefined) cleaned.append(field, value, name);
  }
  return cleaned;
}
