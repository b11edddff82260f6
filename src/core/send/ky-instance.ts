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
  const hooks = kyHooksOf(options.hooks);
  return ky.create({
    retry: 0, // p-retry is the one retry loop; ky's would also clone every request body
    throwHttpErrors: false, // statuses are judged by the core, into typed errors
    // `redirect: 'error'` keeps the token on baseUrl's origin; `window: null` stops Node's fetch
    // from cloning (and so buffering) every request body (upload-anchors.md §4).
    redirect: 'error',
    window: null,
    timeout: timeoutMs,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(hooks ? { hooks } : {}),
  });
}
