import ky, { type KyInstance } from 'ky';
import type { ResolvedClientOptions } from '../setup/options.js';
import { kyHooksOf } from './hooks.js';

/**
 * The client's one ky instance. What ky is given is what costs it least (BENCHMARKS.md, "Per-call
 * cost"): absolute URLs, the static headers once here, no hooks unless the user gave some.
 */
export function kyInstanceOf(
  options: ResolvedClientOptions,
  headers: Record<string, string>,
  timeoutMs: number,
): KyInstance {
  const hooks = kyHooksOf(options.hooks, timeoutMs);
  return ky.create({
    retry: 0, // p-retry is the one retry loop; ky's would also clone every request body
    throwHttpErrors: false, // statuses are judged by the core, into typed errors
    // A redirect is never followed (the token stays on baseUrl's origin) but handed back, and
    // send() makes it a RedirectError: `'error'` would be simpler, but workerd and real edge
    // runtimes refuse it, and elsewhere it surfaces as a network failure that looks retryable.
    // Node's fetch then clones a request body it could otherwise send as is: small JSON, since
    // Node's upload chunks go through the platform's sender (upload-anchors.md §4).
    redirect: 'manual',
    window: null,
    timeout: timeoutMs,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(hooks ? { hooks } : {}),
  });
}
