// Sends one upload chunk as multipart/form-data over node:http(s): form-data encodes the body and
// the file part is streamed from its reader, each piece going from the read buffer to the socket
// without a copy. Node's fetch costs about four times the CPU per byte sent (BENCHMARKS.md).
import FormDataStream from 'form-data';
// The modules themselves, read at each call: interceptors (msw's setupServer, nock) replace
// `http.request`, which a named import would have bound for good.
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { NULL_BODY, boundedResponse } from './bounded-response.js';
import { SourceReadError } from '../helpers/upload/source-read-error.js';
import { FileFeed, type FileSource } from './file-feed.js';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Headers that describe the body: form-data sets them, whatever the caller had. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

/** One chunk request: where it goes, its headers, and the form (text fields, then the file). */
export interface ChunkRequest {
  /** An `http:` or `https:` URL. */
  url: URL;
  method: string;
  headers: Headers;
  signal: AbortSignal;
  fields: ReadonlyArray<readonly [string, string]>;
  file: FileSource;
  /** Receives the number of file bytes the socket took so far. */
  onFileBytes?: ((sentBytes: number) => void) | undefined;
}

/**
 * Sends `request` and resolves with the answer as a web `Response`, as `fetch` would, once the
 * body is no longer needed (all of it went to the socket, or the request ended): exact
 * `Content-Length`, a keep-alive agent, no redirects followed, the answer's body read at most
 * up to 1 MiB. A failure rejects with `TypeError('fetch failed', { cause })` like Node's fetch,
 * and an abort with the signal's reason, so the core classifies both as it does for fetch; a file
 * part that cannot be read (the file changed) rejects with its `SourceReadError`, which is no
 * network failure and is never retried.
 */
export function sendChunk(request: ChunkRequest): Promise<Response> {
  const { url, signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  const feed = new FileFeed(request.file, request.onFileBytes);
  const { form, fileStream } = encodeForm(request.fields, request.file, feed);
  const send = url.protocol === 'https:' ? https.request : http.request;
  const outgoing = send(url, {
    method: request.method,
    headers: { ...headersOf(request.headers), ...formHeaders(form) },
    agent: agents[url.protocol as keyof typeof agents],
  });
  // Ends the file's read (and closes its file) however the request ends.
  const stopFeeding = () => {
    feed.close();
    fileStream?.destroy();
  };
  outgoing.on('close', stopFeeding);

  const { answer, fail } = answerOf(outgoing, signal, stopFeeding);
  pump(form, outgoing, feed, fail);
  return answer;
}

/**
 * The answer to `outgoing`, as fetch gives it; `fail` ends the request with a body failure.
 * The signal aborts the request, and after the answer came, the reading of its body.
 */
function answerOf(
  outgoing: ClientRequest,
  signal: AbortSignal,
  stopFeeding: () => void,
): { answer: Promise<Response>; fail: (error: unknown) => void } {
  let resolve!: (response: Response) => void;
  let reject!: (error: unknown) => void;
  const answer = new Promise<Response>((res, rej) => ((resolve = res), (reject = rej)));
  let settled = false;
  const settle = (then: () => void) => {
    if (settled) return;
    settled = true;
    signal.removeEventListener('abort', onAbort);
    then();
  };
  const fail = (error: unknown) => {
    stopFeeding();
    if (settled) return; // the answer came first (a 401 before the body): its body is read
    outgoing.destroy();
    // The file part could not be read (the file changed): no network failure, never retried.
    if (error instanceof SourceReadError) return settle(() => reject(error));
    settle(() => reject(new TypeError('fetch failed', { cause: error })));
  };
  const onAbort = () => {
    stopFeeding();
    outgoing.destroy(signal.reason as Error);
    settle(() => reject(signal.reason));
  };
  signal.addEventListener('abort', onAbort, { once: true });
  outgoing.on('error', fail);
  outgoing.on('response', (incoming) => {
    if (settled) return incoming.destroy();
    if (!outgoing.writableFinished) {
      // Answered before the body was all sent (a 413, a 401): the rest is not wanted.
      return void readWhole(incoming).then((response) => {
        stopFeeding();
        outgoing.destroy();
        settle(() => resolve(response));
      }, fail);
    }
    settle(() => resolve(boundedResponse(incoming)));
    const endBody = () => incoming.destroy(signal.reason as Error);
    signal.addEventListener('abort', endBody, { once: true });
    incoming.on('close', () => signal.removeEventListener('abort', endBody));
  });
  return { answer, fail };
}

/**
 * An answer read whole (up to the 1 MiB cut) before the request ends: once a call settles, no
 * piece of its body may still be queued for the socket (the upload fills that memory again).
 */
async function readWhole(incoming: IncomingMessage): Promise<Response> {
  const response = boundedResponse(incoming);
  const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
  return new Response(body, response);
}

/** The body as form-data encodes it: the fields, then the file part streamed from `feed`. */
function encodeForm(
  fields: ChunkRequest['fields'],
  file: FileSource,
  feed: FileFeed,
): { form: FormDataStream; fileStream: Readable | undefined } {
  const form = new FormDataStream();
  for (const [name, value] of fields) form.append(name, value);
  // The part's head written here, with the file name exactly as the platform FormData sends it:
  // form-data would send its base name, or none at all for '/' (the part then is no file), and the
  // service matches the chunks to finalize by that name.
  const head =
    `--${form.getBoundary()}\r\n` +
    `Content-Disposition: form-data; name="${escape(file.name)}"; filename="${escape(file.filename)}"\r\n` +
    `Content-Type: ${file.type.replace(/[\r\n]/g, '')}\r\n\r\n`;
  const part = { header: head };
  if (file.length === 0) {
    // form-data measures a stream whose known length is 0 itself, and cannot: send no stream.
    form.append(file.name, Buffer.alloc(0), part);
    return { form, fileStream: undefined };
  }
  const fileStream = Readable.from(feed.pieces(), { objectMode: false });
  form.append(file.name, fileStream, { ...part, knownLength: file.length });
  return { form, fileStream };
}

function formHeaders(form: FormDataStream): Record<string, string> {
  return {
    'content-type': String(form.getHeaders()['content-type']),
    'content-length': String(form.getLengthSync()),
  };
}

function headersOf(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (!BODY_HEADERS.has(key)) plain[key] = value;
  });
  return plain;
}

/**
 * Writes what form-data emits. File pieces hold back the next read until written (the feed), so
 * at most one file piece is in flight beyond the socket's buffer.
 */
function pump(
  form: FormDataStream,
  outgoing: ClientRequest,
  feed: FileFeed,
  fail: (error: unknown) => void,
): void {
  form.on('data', (piece: Buffer | string) => {
    if (outgoing.destroyed) return;
    outgoing.write(piece, (error) => {
      if (!error) feed.written(piece);
    });
  });
  form.on('end', () => {
    if (!outgoing.destroyed) outgoing.end();
  });
  form.on('error', fail);
  form.resume();
}

/** A multipart header parameter escaped as the WHATWG FormData (and form-data) escape it. */
function escape(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
