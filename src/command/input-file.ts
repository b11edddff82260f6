import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { UsageError } from './usage-error.js';

// `-` names stdin, as for curl, jq and kubectl: a token piped from a secret store
// (`pass show seatpay | seatpay ... --token-file -`), a CSV from another program. Stdin can be
// read once per process, so one flag of a run may name it, and its text is kept for it.

const STDIN_FLAGS = ['--token-file', '--card-file', '--csv'];

/** Refuses a run whose flags name stdin twice, before any of them is read. */
export function refuseStdinTwice(argv: readonly string[]): void {
  const readers = STDIN_FLAGS.filter((flag) =>
    argv.some((arg, at) => arg === `${flag}=-` || (arg === flag && argv[at + 1] === '-')),
  );
  if (readers.length > 1)
    throw new UsageError(
      `${readers.join(' - and ')} - each read stdin, which holds one text: give all but one a file`,
    );
}

let stdin: Promise<string> | undefined;

function readStdin(flag: string): Promise<string> {
  // On a terminal the run would wait for typing, a token shown on the screen as it is typed.
  if (process.stdin.isTTY)
    throw new UsageError(
      `${flag} - reads stdin, which is a terminal here: pipe it in (... | seatpay ... ${flag} -), or give a file`,
    );
  stdin ??= text(process.stdin);
  return stdin;
}

/** How a message names what `flag` read: the path, or stdin. */
export const inputName = (path: string): string => (path === '-' ? 'stdin' : path);

/** The text of `flag`'s file, or of stdin for `-`; an unreadable file is a usage mistake. */
export async function readInputFile(flag: string, path: string): Promise<string> {
  if (path === '-') return readStdin(flag);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(`${flag} ${path} cannot be read (${code}); check the path`);
  }
}
