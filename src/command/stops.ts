import { INTERRUPTED } from './exit-codes.js';
import type { Streams } from './output.js';

// How the command is told to stop, and what it does. The first Ctrl-C or SIGTERM is a stop: a
// single call is aborted (it records what it must); a batch starts no new row and lets the rows in
// flight finish and be recorded. The second aborts the rows in flight too (a row whose request
// left is recorded as to settle); the third exits at once. A stdout or stderr whose reader went
// away (`| head -1`: EPIPE) ends a batch as a first stop does, quietly; a single call finishes.

export interface Stops {
  /** The first Ctrl-C or SIGTERM. */
  stop: AbortSignal;
  /** The second Ctrl-C or SIGTERM: abort what is in flight. */
  abort: AbortSignal;
  /** stdout or stderr was closed by its reader. */
  closed: AbortSignal;
  /** The process's stdout and stderr: a write after its reader went away is dropped, not thrown. */
  streams: Streams;
}

/** A stream whose failure (EPIPE ...) stops the command quietly instead of crashing it. */
function guarded(stream: NodeJS.WriteStream, closed: () => void) {
  let open = true;
  const close = () => {
    open = false;
    closed();
  };
  stream.on('error', close);
  return {
    write(text: string): boolean {
      if (!open) return false;
      try {
        return stream.write(text);
      } catch {
        close();
        return false;
      }
    },
    isTTY: stream.isTTY === true,
  };
}

/** Listens for Ctrl-C, SIGTERM and closed output, for one run of the command. */
export function processStops(): Stops {
  const stop = new AbortController();
  const abort = new AbortController();
  let signals = 0;
  const onSignal = () => {
    signals += 1;
    if (signals === 1) stop.abort();
    else if (signals === 2) abort.abort();
    else process.exit(INTERRUPTED);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const output = new AbortController();
  const closed = () => output.abort();
  return {
    stop: stop.signal,
    abort: abort.signal,
    closed: output.signal,
    streams: { stdout: guarded(process.stdout, closed), stderr: guarded(process.stderr, closed) },
  };
}
