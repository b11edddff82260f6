import { untilAborted } from '../retry/until-aborted.js';
import { SeatpayError } from '../errors/seatpay-error.js';
import type { TokenSource } from '../setup/options.js';
import type { Secrets } from '../secrets/secrets.js';

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
 * The token for one attempt: a fixed one as is, a provider's raced with the signal (a provider
 * that hangs must not hold an aborted call) and checked (fetch's error for a bad header value
 * would quote it).
 */
export function tokenFor(
  source: TokenSource,
  signal: AbortSignal | undefined,
  secrets: Secrets,
): Promise<string> {
  if (typeof source === 'string') return Promise.resolve(source);
  return untilAborted(resolveToken(source, secrets), signal);
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
  return token;
}
