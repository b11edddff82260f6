/**
 * Tells, from a failed fetch, whether the request can have reached the service. Only failures that
 * happen before a connection exists are safe to re-send for calls that move money.
 */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

export function neverReachedService(error: unknown): boolean {
  const codes = errorCodes(error, 0);
  return codes.length > 0 && codes.every((code) => NEVER_CONNECTED.has(code));
}

/** Every `code` found along the `cause` chain and inside AggregateErrors (undici's happy eyeballs). */
function errorCodes(error: unknown, depth: number): string[] {
  if (depth > 6 || error === null || typeof error !== 'object') return [];
  const found: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== 'UND_ERR_SOCKET') found.push(code);
  if (Array.isArray(errors))
    for (const inner of errors) found.push(...errorCodes(inner, depth + 1));
  found.push(...errorCodes(cause, depth + 1));
  return found;
}
