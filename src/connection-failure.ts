/**
 * Whether a failed fetch can have reached the service: only a failure before a connection exists
 * is safe to re-send for a money call. An unreachable host or network (ICMP after a route change,
 * a VPN dropping) fails a connected socket too, after the request left: Node's `syscall` tells.
 * Outside src/core (as signal-like.ts), which must not grow: send.ts asks it.
 */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const AT_CONNECT = new Set([...NEVER_CONNECTED, 'ENETUNREACH', 'EHOSTUNREACH']);

export function neverReachedService(error: unknown): boolean {
  const failures = systemFailures(error, 0);
  return failures.length > 0 && failures.every(beforeSending);
}

const beforeSending = ([code, step]: [string, unknown]) =>
  (step === 'connect' ? AT_CONNECT : NEVER_CONNECTED).has(code) && !/^(read|write)/.test(`${step}`);

/**
 * Each [code, syscall] along the `cause` chain and in AggregateErrors, whose every failure counts
 * (happy eyeballs' addresses, a failover fetch's hosts): one with no code (undici's "other side
 * closed" after the request left) or deeper than read is a code of none, maybe sent. So is a
 * coded failure's cause that names no code (a failover's refusal whose cause is the primary's
 * drop, worded without a code by Deno or a browser: redteam52).
 */
function systemFailures(error: unknown, depth: number): [string, unknown][] {
  if (error === null || typeof error !== 'object') return [];
  if (depth > 6) return UNKNOWN;
  const { code, syscall, cause, errors } = error as Record<string, unknown>;
  if (Array.isArray(errors))
    return errors.flatMap((inner) => {
      const found = systemFailures(inner, depth + 1);
      return found.length > 0 ? found : UNKNOWN;
    });
  const found = systemFailures(cause, depth + 1);
  if (typeof code !== 'string') return found;
  return [[code, syscall], ...(cause !== undefined && found.length === 0 ? UNKNOWN : found)];
}

/** A failure of no known code: it may have come after the request left. */
const UNKNOWN: [string, unknown][] = [['', undefined]];
