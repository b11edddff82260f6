// What a user prints of a failed call: where a secret must not show, whichever way it is printed.
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { SeatpayError, type Logger } from '../../src/index.js';

/** An error as printed: its message, `inspect` of it (nested 10 deep) and its JSON. */
const printedError = (error: unknown): string =>
  `${(error as Error).message}\n${inspect(error, { depth: 10 })}\n${JSON.stringify(error)}`;

/** `call`'s error as printed. */
export async function printedFailure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
  return printedError(error);
}

/** A logger at every level that keeps each line as a console prints it (the rest `inspect`ed). */
export function printedLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const write = (message: string, ...rest: unknown[]) =>
    void lines.push([message, ...rest.map((item) => inspect(item, { depth: 10 }))].join(' '));
  return { logger: { error: write, warn: write, info: write, debug: write }, lines };
}

/**
 * Everything a user sees of the failed call `call(logger)` makes: its error (a `SeatpayError`)
 * as printed, and each line it wrote to `logger`.
 */
export async function seenOfFailure(call: (logger: Logger) => Promise<unknown>): Promise<string> {
  const { logger, lines } = printedLog();
  const error = await call(logger).then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(SeatpayError);
  return [printedError(error), ...lines].join('\n');
}
