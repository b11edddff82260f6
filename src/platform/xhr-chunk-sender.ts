import type { ChunkPart, ChunkRequest, ChunkSender } from './platform.js';

/** Statuses whose Response must have no body (Fetch, "null body status"). */
const NULL_BODY = new Set([204, 205, 304]);

/** A chunk's answer is a small JSON record or error: a longer one is cut off (as fetch fails). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The browsers' port for upload chunks: XMLHttpRequest, whose `upload.onprogress` reports the
 * bytes of a request body as they go out (Chromium, Firefox and Safari; fetch reports none). It is
 * the `fetch` of one attempt, as the Node sender is: ky made the Request (URL, method, headers,
 * signal, so the timeout and abort), the retry policy, error types and secrets handling are the
 * request path's own, and the answer comes back as a web `Response`. A failure rejects with a
 * `TypeError` as fetch's does, an abort with the signal's reason.
 */
export const xhrChunkSender: ChunkSender = {
  send: (chunk) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = chunk.request;
      if (signal.aborted) return reject(signal.reason as Error);
      const xhr = openRequest(chunk.request);
      const onAbort = () => {
        xhr.abort();
        reject(signal.reason as Error);
      };
      const done = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort, { once: true });
      watchUpload(xhr, chunk);
      xhr.onprogress = (event) => {
        if (event.loaded <= MAX_ANSWER_BYTES) return;
        done();
        xhr.abort();
        reject(new TypeError('Failed to fetch', { cause: new Error('The answer was too long') }));
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Failed to fetch', { cause: new Error('network error') }));
      };
      xhr.onload = () => {
        done();
        resolve(responseOf(xhr, chunk.request.url));
      };
      xhr.send(formOf(chunk.fields, chunk.part));
    }),
};

function openRequest(request: Request): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.open(request.method, request.url);
  xhr.responseType = 'arraybuffer';
  request.headers.forEach((value, key) => {
    // The browser writes the multipart type with its boundary, and the length.
    if (key !== 'content-type' && key !== 'content-length') xhr.setRequestHeader(key, value);
  });
  return xhr;
}

/**
 * Reports the file bytes sent: the body's bytes less what is not the file (the fields and the
 * part's head before it, the closing boundary after), so the count reaches the file's size only
 * once the whole body went out. A listener is added only when someone listens: an upload listener
 * on a cross-origin request is one more reason for a CORS preflight.
 */
function watchUpload(xhr: XMLHttpRequest, { part, onFileBytes }: ChunkRequest): void {
  if (!onFileBytes) return;
  const size = sizeOf(part.data);
  xhr.upload.onprogress = (event) => {
    if (!event.lengthComputable) return;
    onFileBytes(Math.max(0, Math.min(size, event.loaded - (event.total - size))));
  };
}

function formOf(fields: ChunkRequest['fields'], part: ChunkPart): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const data = part.data instanceof Blob ? part.data : new Blob([part.data as BlobPart]);
  form.append(part.name, new Blob([data], { type: part.type }), part.filename);
  return form;
}

function sizeOf(data: Blob | Uint8Array): number {
  return data instanceof Blob ? data.size : data.byteLength;
}

/**
 * The answer as fetch with `redirect: 'manual'` gives it. XMLHttpRequest follows redirects and
 * cannot be told not to: one it followed (the answer is another URL's) comes back as the opaque
 * redirect fetch would have given, which the request path refuses with `RedirectError`.
 */
function responseOf(xhr: XMLHttpRequest, url: string): Response {
  if (xhr.responseURL && xhr.responseURL !== url) {
    const redirect = new Response(null, { status: 200 });
    Object.defineProperty(redirect, 'type', { value: 'opaqueredirect' });
    return redirect;
  }
  const body = NULL_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer | null);
  return new Response(body, {
    status: xhr.status,
    statusText: xhr.statusText,
    headers: headersOf(xhr.getAllResponseHeaders()),
  });
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
