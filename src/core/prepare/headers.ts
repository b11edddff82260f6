import type { Call } from '../call.js';
import type { InternalRequestOptions, ResolvedClientOptions } from '../setup/options.js';

/**
 * The headers of a client's requests: the static ones built once (ky sends them unless a call
 * overrides one), and what a call adds to them.
 */
export class RequestHeaders {
  private readonly fixedToken: boolean;

  constructor(
    private readonly options: ResolvedClientOptions,
    private readonly authScheme: string,
  ) {
    this.fixedToken = typeof options.token === 'string';
  }

  /** The headers every request carries. */
  static(userAgent: string | undefined): Record<string, string> {
    const { token, headers } = this.options;
    return {
      accept: 'application/json',
      ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
      ...lowerKeys(headers ?? {}),
      ...(typeof token === 'string' ? { authorization: this.authorization(token) } : {}),
    };
  }

  /** The headers a call adds to the static ones; none for the common call with a fixed token. */
  of(
    call: Pick<Call<unknown>, 'academy'>,
    options: InternalRequestOptions,
    token: string,
  ): Record<string, string> | undefined {
    if (this.fixedToken && call.academy === undefined && !options.headers) return undefined;
    const headers: Record<string, string> = this.fixedToken
      ? {}
      : { authorization: this.authorization(token) };
    if (call.academy !== undefined) headers.academy = String(call.academy);
    return options.headers ? { ...headers, ...lowerKeys(options.headers) } : headers;
  }

  private authorization(token: string): string {
    return `${this.options.authScheme ?? this.authScheme} ${token}`;
  }
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
  );
}
