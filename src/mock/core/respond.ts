import type { SimulatorError } from './http-error.js';

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Django's own HTML error page (DEBUG off), as the deployed server answers an unknown path. */
export function djangoPage(status: number, title: string, text: string): Response {
  const page =
    `\n<!doctype html>\n<html lang="en">\n<head>\n  <title>${title}</title>\n</head>\n<body>\n` +
    `  <h1>${title}</h1><p>${text}</p>\n</body>\n</html>\n`;
  return new Response(page, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function errorResponse(error: SimulatorError): Response {
  return json(error.body, error.status, { ...error.headers });
}

/**
 * The sentinel for "the connection dropped": the standard network-error Response. The node adapter
 * destroys the socket and the msw adapter answers `HttpResponse.error()` when they see it.
 */
export function connectionReset(): Response {
  return Response.error();
}

export const isConnectionReset = (response: Response): boolean => response.type === 'error';

/** Returns a copy of the answer carrying an extra header (a network-error Response is left as is). */
export function withHeader(response: Response, name: string, value: string): Response {
  if (isConnectionReset(response)) return response;
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
