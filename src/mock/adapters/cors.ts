/**
 * CORS for the loopback server, so a page on another origin (a browser demo or test) can call it.
 * Tokens travel in the Authorization header, never cookies, so a wildcard origin is enough.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, academy, accept',
  'access-control-max-age': '600',
};
