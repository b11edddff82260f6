/**
 * Whether a failed fetch can have reached the service: only a failure before a connection exists
 * is safe to re-send for a money call. An unreachable host or network (ICMP after a route change,
 * a VPN dropping) fails a connected socket too, after the request left: Node's `syscall` tells.
 */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const AT_CONNECT = new Set([...NEVER_CONNECTED, 'ENETUNREACH', 'EHOSTUNREACH']);

export function neverReachedService(error: unknown): boolean {
  const failures = systemFailures(error, 0);
  return failures.length > 0 && failures.every(beforeSending);
}

const beforeSending = ([code, step]: [string, unknown]) =>
  (step === 'connect' ? AT_CONNECT : NEVER_CONNECTED).has(code) && !/^(read|write)/.test(`${step}`);

/** Each [code, syscall] along the `cause` chain and in AggregateErrors (happy eyeballs). */
function systemFailures(error: unknown, depth: number): [string, unknown][] {
  if (depth > 6 || error === null || typeof error !== 'object') return [];
  const { code, syscall, cause, errors } = error as Record<string, unknown>;
  if (Array.isArray(errors)) return errors.flatMap((inner) => systemFailures(inner, depth + 1));
  const found = systemFailures(cause, depth + 1);
  return typeof code === 'string' && code !== 'UND_ERR_SOCKET'
    ? [[code, syscall], ...found]
    : found;
}
