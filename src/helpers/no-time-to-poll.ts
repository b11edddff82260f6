import { TimeoutError } from '../core/errors/connection-error.js';

/**
 * A client whose `totalTimeout` is 0 gives no poll any time: none would be sent. Only the poller
 * imports this file (its chunk): it was in helper-errors.ts, whose classes are exported, and a
 * page bundled with esbuild `--splitting` took this message with them (size16).
 */
export function noTimeToPoll(): TimeoutError {
  const message =
    "Nothing was sent: the client's totalTimeout of 0 ms leaves waitFor no time for a poll (create the client with a totalTimeout above 0, or none: the wait's own timeout bounds it)";
  return new TimeoutError(message, { mayHaveBeenProcessed: false, method: 'GET', url: '' });
}
