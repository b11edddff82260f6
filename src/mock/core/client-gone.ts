// When the client of a loopback request has gone away. Kept beside the Request, not as its
// `signal`: aborting a Request whose buffered body is still being read (`formData()`) makes
// undici enqueue into a closed stream, an unhandled rejection in the server's process.
const goneSignals = new WeakMap<Request, AbortSignal>();

/** Records that `signal` fires when the client of `request` goes away; returns the request. */
export function withClientGone(request: Request, signal: AbortSignal): Request {
  goneSignals.set(request, signal);
  return request;
}

/** Fires when the client of `request` has gone away (the request's own signal under msw). */
export function clientGoneSignal(request: Request): AbortSignal {
  return goneSignals.get(request) ?? request.signal;
}
