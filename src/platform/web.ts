import type { ChunkSender, Platform } from './platform.js';
import { hasProcessEnv, readProcessEnv } from './environment.js';
import { VERSION } from '../version.js';

/**
 * Browsers, Workers, Deno, Bun and edge runtimes: the platform's fetch and FormData as they are.
 * Browsers set their own User-Agent (and refuse ours), so the header is sent only where no
 * `document` or worker scope says this is a browser: a fact of the runtime read once, when this
 * module loads, never per call.
 */
const IN_BROWSER =
  typeof document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';

/**
 * Where XMLHttpRequest exists (browsers), upload chunks go through it, for progress by bytes; a
 * fact of the runtime read once, like the one above. Workers, Deno and Bun send them with fetch.
 */
const HAS_XHR = typeof (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest === 'function';

/** Loaded on the first chunk, in a chunk of its own: a page that never uploads does not ship it. */
const xhrChunkSender: ChunkSender = {
  send: (chunk) =>
    import('./xhr-chunk-sender.js').then((loaded) => loaded.xhrChunkSender.send(chunk)),
};

export const webPlatform: Platform = {
  name: 'web',
  userAgent: IN_BROWSER ? undefined : `seatpay/${VERSION}`,
  readEnv: readProcessEnv,
  hasEnv: hasProcessEnv,
  ...(HAS_XHR ? { chunkSender: xhrChunkSender } : {}),
};
