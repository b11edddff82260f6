import type { PreparedCall } from '../call.js';
import type { Secrets } from '../secrets/secrets.js';
import type { TelemetryAttributes } from './telemetry-types.js';

/**
 * The attributes of an attempt known before it leaves (the stable HTTP client semantic
 * conventions): what the duration histogram takes too, except `url.full` and the resend count.
 * The URL is the one sent, with the client's secrets hidden; headers are never recorded.
 */
export function attemptAttributes(
  call: PreparedCall<unknown>,
  attempt: number,
  secrets: Secrets,
): { span: TelemetryAttributes; metric: TelemetryAttributes } {
  const url = new URL(call.url);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const metric: TelemetryAttributes = {
    'http.request.method': call.method,
    'url.template': call.route.path,
    'server.address': url.hostname,
    'server.port': port,
  };
  const span: TelemetryAttributes = { ...metric, 'url.full': secrets.text(call.url) };
  if (attempt > 1) span['http.request.resend_count'] = attempt - 1;
  return { span, metric };
}

/**
 * The seatpay classes `error` was made by, from its own up (`NotFoundError`, `APIError`,
 * `SeatpayError`), read from their brand: in any copy of seatpay (ESM and CommonJS), and with no
 * import of the error classes, which would pull them out of the main chunk into a shared one and
 * cost every page that never traces (BENCHMARKS.md, "Tracing and metrics").
 */
export function seatpayClassesOf(error: unknown): string[] {
  const classes: string[] = [];
  try {
    let prototype =
      typeof error === 'object' && error !== null ? Object.getPrototypeOf(error) : null;
    for (let depth = 0; prototype && depth < 32; depth++) {
      const maker: unknown = Object.hasOwn(prototype, 'constructor') ? prototype.constructor : null;
      const brand =
        typeof maker === 'function'
          ? Object.getOwnPropertyDescriptor(maker, 'seatpayErrorClass')
          : undefined;
      if (typeof brand?.value === 'string') classes.push(brand.value);
      prototype = Object.getPrototypeOf(prototype);
    }
  } catch {
    // A Proxy whose traps throw is no seatpay error.
  }
  return classes;
}

/** A field of a seatpay error, read without running a getter. */
export function fieldOf(error: unknown, name: string): unknown {
  try {
    return Object.getOwnPropertyDescriptor(error, name)?.value;
  } catch {
    return undefined;
  }
}

/**
 * `error.type` of a failure: the status of an error answer (`'503'`), `'timeout'`, a connection
 * failure's code (`'ECONNREFUSED'`), else seatpay's error class (`'AbortError'`), or `'_OTHER'`.
 */
export function errorTypeOf(error: unknown): string {
  const classes = seatpayClassesOf(error);
  if (classes.includes('APIError')) return String(fieldOf(error, 'status'));
  if (classes.includes('TimeoutError')) return 'timeout';
  if (classes.includes('ConnectionError'))
    return connectionCode(fieldOf(error, 'cause')) ?? 'ConnectionError';
  return classes[0] ?? '_OTHER';
}

/** A code such as `ECONNREFUSED` or `UND_ERR_SOCKET`, found along a failure's causes. */
function connectionCode(cause: unknown): string | undefined {
  let current = cause;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const code = fieldOf(current, 'code');
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = fieldOf(current, 'cause');
  }
  return undefined;
}
