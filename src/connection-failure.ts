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
 * closed" after the request left) or deeper than read is a code of none, maybe sent.
 */
function systemFailures(error: unknown, depth: number): [string, unknown][] {
  if (error === null || typeof error !== 'object') return [];
  if (depth > 6) return [['', undefined]];
  const { code, syscall, cause, errors } = error as Record<string, unknown>;
  if (Array.isArray(errors))
    return errors.flatMap((inner) => {
      const found = systemFailures(inner, depth + 1);
      return found.length > 0 ? found : [['', undefined]];
    });
  const found = systemFailures(cause, depth + 1);
  return typeof code === 'string' ? [[code, syscall], ...found] : found;
}
