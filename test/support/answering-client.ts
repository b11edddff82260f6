import { createClient, type ClientOptions, type SeatpayClient } from '../../src/index.js';

/** What {@link answeringClient} is made of: its token, its answer, and what hears its log. */
export interface AnsweringClientSetup extends Omit<ClientOptions, 'token' | 'fetch' | 'logger'> {
  token: string;
  /** The JSON text every request is answered with (200); or give `fetch`. */
  text?: string;
  /** Answers the requests instead of `text`. */
  fetch?: ClientOptions['fetch'];
  /** Runs at the answer's log line (`← ...`): a test orders its events after it, never by time. */
  onAnswer?: (line: string) => void;
  /** Collects the client's warnings. */
  warned?: string[];
}

/**
 * A client of `https://api.example.com` that retries nothing and logs at `info`, whose requests are
 * answered `text` (or by `fetch`), and whose `onAnswer` hears each answer's log line: the set-up of
 * the large-answer tests, which act (abort, move a clock) once the answer was read.
 */
export function answeringClient(setup: AnsweringClientSetup): SeatpayClient {
  const { text = '{}', fetch, onAnswer, warned, ...options } = setup;
  return createClient({
    baseUrl: 'https://api.example.com',
    maxRetries: 0,
    logLevel: 'info',
    ...options,
    logger: {
      debug() {},
      info: (line: string) => void (line.includes('← ') && onAnswer?.(line)),
      warn: (line: string) => void warned?.push(line),
      error() {},
    },
    fetch:
      fetch ??
      (async () =>
        new Response(text, { status: 200, headers: { 'content-type': 'application/json' } })),
  });
}

/**
 * An {@link answeringClient} whose every request the service refuses: 400, `body` as JSON. It logs
 * nothing (what the error shows is under test, not the log: each log line would be redacted too).
 */
export function refusingClient(token: string, body: unknown): SeatpayClient {
  return answeringClient({
    token,
    logLevel: 'off',
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
  });
}
