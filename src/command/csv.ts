import { inputName, readInputFile } from './input-file.js';
import { counted } from './counted.js';
import { nearestName } from './nearest-name.js';
import { UsageError } from './usage-error.js';

// A small CSV reader (RFC 4180): a header row, commas, double-quoted fields (with "" for a quote,
// commas and line breaks inside), CRLF or LF, a UTF-8 BOM, blank lines skipped.

/** One data row: its fields by header name, and its line in the file (for messages). */
export interface CsvRow {
  line: number;
  fields: Record<string, string>;
}

/**
 * Characters read between two turns of the event loop: a file of 100,000 rows held it 0.45 s in
 * one go (BENCHMARKS.md, ninth pass), while Ctrl-C and SIGTERM waited.
 */
const SLICE = 64 * 1024;

/** Lets timers and signals run (Ctrl-C, SIGTERM, a progress bar). */
const letGo = () => new Promise((resume) => setImmediate(resume));

/** Splits the text into records of fields, each with the line it starts on. */
async function records(text: string, file: string): Promise<{ line: number; fields: string[] }[]> {
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
  for (let at = 0, pause = SLICE; at < text.length; at++) {
    if (at >= pause) {
      pause = at + SLICE;
      await letGo();
    }
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

/** The columns a file may have: `required` must be there, `optional` may. */
export interface CsvColumns {
  required: readonly string[];
  optional?: readonly string[];
}

/** Every mistake of the header row: a column named twice, an unknown one, a missing one. */
function headerProblems(names: readonly string[], columns: CsvColumns): string[] {
  const known = [...columns.required, ...(columns.optional ?? [])];
  const problems: string[] = [];
  names.forEach((name, at) => {
    const first = names.indexOf(name);
    if (first !== at)
      problems.push(`column "${name}" is named twice (columns ${first + 1} and ${at + 1})`);
    else if (!known.includes(name)) {
      const near = nearestName(name, known);
      problems.push(
        `unknown column "${name}"${near ? `: did you mean "${near}"?` : ''} (the columns are ${known.join(',')})`,
      );
    }
  });
  const missing = columns.required.filter((name) => !names.includes(name));
  if (missing.length)
    problems.push(
      `the header has no ${missing.join(', ')} column; it must name ${columns.required.join(',')}`,
    );
  return problems;
}

/** The mistakes found in a file, thrown at once: nothing is sent while one is left. */
export function refuseProblems(file: string, problems: readonly string[]): void {
  if (problems.length === 1) throw new UsageError(`${file} ${problems[0]!}`);
  if (problems.length > 1)
    throw new UsageError(
      `${file} has ${problems.length} mistakes; nothing was sent. Fix them all and run again:`,
      problems,
    );
}

/**
 * Parses CSV text whose first row names the columns: a column named twice, one not in `columns`
 * and a missing required one are refused, and then every row with the wrong number of fields,
 * all in one pass.
 */
export async function parseCsv(text: string, file: string, columns: CsvColumns): Promise<CsvRow[]> {
  const [header, ...rows] = await records(text.replace(/^\uFEFF/, ''), file);
  if (!header) throw new UsageError(`${file} is empty; its first row names the columns`);
  const names = header.fields.map((name) => name.trim().toLowerCase());
  refuseProblems(
    file,
    headerProblems(names, columns).map((problem) => `line ${header.line}: ${problem}`),
  );
  const problems: string[] = [];
  for (const { line, fields } of rows)
    if (fields.length !== names.length)
      problems.push(
        `line ${line}: ${counted(fields.length, 'field')}, the header has ${names.length}`,
      );
  refuseProblems(file, problems);
  const named: CsvRow[] = [];
  for (const { line, fields } of rows) {
    named.push({
      line,
      fields: Object.fromEntries(names.map((name, index) => [name, fields[index]!.trim()])),
    });
    // About as long as a slice of characters: the rows are named a few thousand at a time too.
    if (named.length % 2_048 === 0) await letGo();
  }
  return named;
}

/**
 * Turns every row into an order, collecting each row's mistakes instead of stopping at the
 * first, and refuses them all at once, before anything is sent.
 */
export function checkRows<T>(
  file: string,
  rows: readonly CsvRow[],
  build: (row: CsvRow, check: <V>(work: () => V) => V | undefined) => T,
  whole: (built: T[]) => string[] = () => [],
): T[] {
  const problems: string[] = [];
  const built: T[] = [];
  for (const row of rows) {
    let bad = false;
    const check = <V>(work: () => V): V | undefined => {
      try {
        return work();
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        problems.push(`line ${row.line}: ${error.message}`);
        bad = true;
        return undefined;
      }
    };
    const order = build(row, check);
    if (!bad) built.push(order);
  }
  problems.push(...whole(built));
  refuseProblems(inputName(file), problems);
  return built;
}

/** Reads and parses a CSV file (`-`: stdin); an unreadable file is a usage mistake. */
export async function readCsv(file: string, columns: CsvColumns): Promise<CsvRow[]> {
  return parseCsv(await readInputFile('--csv', file), inputName(file), columns);
}
