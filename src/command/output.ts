import { printableJson, printableText } from './printable.js';

// Where the command writes: results on stdout (text, or JSON with --json), everything else on
// stderr, so that `seatpay ... --json | jq` and `> result.txt` see results only.

/** The two streams, the console's or a test's. */
export interface Streams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

export const PROCESS_STREAMS: Streams = { stdout: process.stdout, stderr: process.stderr };

export interface Output {
  /** Whether results are JSON (`--json`). */
  readonly json: boolean;
  /** Whether stderr is a terminal (a progress bar redrawn in place) or a log (a line per step). */
  readonly interactive: boolean;
  /** One result: a JSON document with --json, else the text. */
  result(value: unknown, text: string): void;
  /** One item of a list or batch: one JSON object per line with --json, else the text. */
  item(value: unknown, text: string): void;
  /** A diagnostic or progress line on stderr. */
  note(text: string): void;
  /** Writes to stderr as is (a progress bar redrawing its line), leaving that line open. */
  raw(text: string): void;
  /** Ends the line `raw` left open, if any (a progress bar that is over). */
  endLine(): void;
}

export function createOutput(streams: Streams, json: boolean): Output {
  // A terminal shows both streams on one screen: a result or a retry line written while a bar's
  // line is open would land on the end of the bar, so that line is ended first.
  let open = false;
  const endLine = () => {
    if (open) streams.stderr.write('\n');
    open = false;
  };
  const out = (text: string) => (endLine(), streams.stdout.write(`${text}\n`));
  return {
    json,
    interactive: streams.stderr.isTTY === true,
    result: (value, text) =>
      out(json ? printableJson(JSON.stringify(value, null, 2)) : printableText(text)),
    item: (value, text) => out(json ? printableJson(JSON.stringify(value)) : printableText(text)),
    note: (text) => (endLine(), streams.stderr.write(`${printableText(text)}\n`)),
    raw: (text) => {
      streams.stderr.write(text);
      open = !text.endsWith('\n');
    },
    endLine,
  };
}
