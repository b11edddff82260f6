import type { PreparedCall } from '../call.js';
import { APIError } from '../errors/api-error.js';
import { ConnectionError, TimeoutError } from '../errors/connection-error.js';
import { SeatpayError } from '../errors/seatpay-error.js';
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
 * `error.type` of a failed attempt: the status of an error answer (`'503'`), `'timeout'`, a
 * connection failure's code (`'ECONNREFUSED'`) or class, else seatpay's error class.
 */
export function errorTypeOf(error: unknown): string {
  if (error instanceof APIError) return String(error.status);
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof ConnectionError) return connectionCode(error) ?? 'ConnectionError';
  if (error instanceof SeatpayError) return error.name;
  return '_OTHER';
}

/** A code such as `ECONNREFUSED` or `UND_ERR_SOCKET`, found along the error's causes. */
function connectionCode(error: ConnectionError): string | undefined {
  let current: unknown = error.cause;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
