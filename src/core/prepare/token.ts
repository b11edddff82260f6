import { untilAborted, withinMs } from '../retry/until-aborted.js';
import { TimeoutError } from '../errors/connection-error.js';
import { SeatpayError } from '../errors/seatpay-error.js';
import type { TokenSource } from '../setup/options.js';
import type { Secrets } from '../secrets/secrets.js';

/** The attempt a token is for: its per-attempt timeout bounds the provider too. */
export interface TokenAttempt {
  timeoutMs: number;
  method: string;
  url: string;
}

/**
 * Why a token that starts with an auth scheme (`'Bearer abc'`, `'Token abc'`) is refused, or
 * undefined: seatpay adds the scheme itself, so the header would read `Bearer Bearer abc`. Names
 * the scheme, never the token.
 */
export function schemePrefixProblem(token: unknown): string | undefined {
  const scheme =
    typeof token === 'string' ? /^\s*(bearer|token|basic)\s+\S/i.exec(token)?.[1] : undefined;
  if (scheme === undefined) return undefined;
  return `starts with "${scheme} ": pass the token alone, seatpay adds the scheme itself (authScheme)`;
}

/**
 * The token for one attempt: a fixed one as is, a provider's raced with the signal and, for an
 * attempt, with its `timeout` (a provider that hangs must hold neither an aborted call nor one
 * with no signal at all), and checked (fetch's error for a bad header value would quote it).
 */
export function tokenFor(
  source: TokenSource,
  signal: AbortSignal | undefined,
  secrets: Secrets,
  attempt?: TokenAttempt,
): Promise<string> {
  if (typeof source === 'string') return Promise.resolve(source);
  const raced = untilAborted(resolveToken(source, secrets), signal);
  if (!attempt) return raced;
  const { timeoutMs, method, url } = attempt;
  return withinMs(raced, timeoutMs, () => {
    const message = `The token provider gave no token for ${method} ${url} within ${timeoutMs} ms`;
    return new TimeoutError(message, { mayHaveBeenProcessed: false, method, url });
  });
}

async function resolveToken(
  provider: () => string | Promise<string>,
  secrets: Secrets,
): Promise<string> {
  let token: unknown;
  try {
    token = await provider();
  } catch (error) {
    // Every failure is a SeatpayError; what the provider threw stays reachable as the cause,
    // redacted: a refresh that fails may quote the token it handed out before.
    throw new SeatpayError('The token provider threw', { cause: secrets.cause(error) });
  }
  const prefixed = schemePrefixProblem(token);
  if (prefixed !== undefined) throw new SeatpayError(`The token provider's token ${prefixed}`);
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw new SeatpayError(
      'The token provider returned no usable token (visible ASCII characters, no spaces)',
    );
  }
  // Kept before any use, by every asker (a keyed call's owner too): a later failure may quote it.
  secrets.remember([token]);
  return token;
}
