/**
 * The one place that hides secrets. Everything that leaves seatpay as text (errors, log lines,
 * serialized bodies) passes through here first.
 */
export const REDACTED = '[REDACTED]';

/** Field names whose values are always secret, in headers and in bodies. */
const SECRET_KEYS = new Set(['authorization', 'card_number', 'cvc', 'cvv', 'proxy-authorization']);

/** True for a header or body key that holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/**
 * Replaces every occurrence of the given secret strings inside `text`. A CVC is only three digits,
 * so short values count too; they are only registered for the call that sent them.
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 3 && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/**
 * A deep copy of `value` in which secret keys are masked and the given secret strings are scrubbed
 * from every string. Non-plain objects (FormData, Blob) are described, not copied.
 */
export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 20) return '[…]';
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets, depth + 1));
  if (!isPlainObject(value)) return `[${value.constructor?.name ?? 'object'}]`;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Defined, not assigned: a body key named `__proto__` (JSON.parse makes it an own key) must
    // stay a key, not become the copy's prototype and lend it fields the service never sent.
    // Keys are scrubbed too: a service can key a listing by what it was sent (the token).
    Object.defineProperty(copy, scrubText(key, secrets), {
      value: isSecretKey(key) ? REDACTED : redact(item, secrets, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
