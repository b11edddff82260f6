import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.js';

// A small CSV reader (RFC 4180): a header row, commas, double-quoted fields (with "" for a quote,
// commas and line breaks inside), CRLF or LF, a UTF-8 BOM, blank lines skipped.

/** One data row: its fields by header name, and its line in the file (for messages). */
export interface CsvRow {
  line: number;
  fields: Record<string, string>;
}

/** Splits the text into records of fields, each with the line it starts on. */
function records(text: string, file: string): { line: number; fields: string[] }[] {
  const found: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') found.push({ line: start, fields });
    fields = [];
    field = '';
    start = line;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\n') line++;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') field += text[++at];
      else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n') endRecord();
    else if (char !== '\r' || text[at + 1] !== '\n') field += char;
  }
  if (quoted) throw new UsageError(`${file} line ${start}: a quoted field is never closed`);
  endRecord();
  return found;
}

/** Parses CSV text whose first row names the columns; `required` columns must be there. */
export function parseCsv(text: string, file: string, required: readonly string[]): CsvRow[] {
  const [header, ...rows] = records(text.replace(/^\uFEFF/, ''), file);
  if (!header) throw new UsageError(`${file} is empty; its first row names the columns`);
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = required.filter((name) => !names.includes(name));
  if (missing.length)
    throw new UsageError(
      `${file} has no ${missing.join(', ')} column; its header row must name ${required.join(',')}`,
    );
  return rows.map(({ line, fields }) => {
    if (fields.length !== names.length)
      throw new UsageError(
        `${file} line ${line}: ${fields.length} fields, the header has ${names.length}`,
      );
    return {
      line,
      fields: Object.fromEntries(names.map((name, index) => [name, fields[index]!.trim()])),
    };
  });
}

/** Reads and parses a CSV file; an unreadable file is a usage mistake. */
export async function readCsv(file: string, required: readonly string[]): Promise<CsvRow[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--csv ${file} cannot be read (${(error as NodeJS.ErrnoException).code}); check the path`,
    );
  }
  return parseCsv(text, file, required);
}
