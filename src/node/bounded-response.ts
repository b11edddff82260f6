import type { IncomingMessage } from 'node:http';

/** Statuses whose Response must have no body (Fetch, "null body status"). */
export const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A chunk's answer is a small JSON record or error: reading stops past this, so a server that
 * never stops sending cannot fill the memory.
 */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** A web `Response` over a node:http answer, its body cut off (as an error) past `limit` bytes. */
export function boundedResponse(incoming: IncomingMessage, limit = MAX_ANSWER_BYTES): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const init = { status, statusText: incoming.statusMessage ?? '', headers };
  if (NULL_BODY.has(status)) {
    incoming.resume();
    return new Response(null, init);
  }
  return new Response(boundedBody(incoming, limit), init);
}

function boundedBody(incoming: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let received = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const end = (error?: Error) => {
        if (done) return;
        done = true;
        if (error) controller.error(error);
        else controller.close();
      };
      incoming.on('data', (piece: Buffer) => {
        if (done) return;
        received += piece.byteLength;
        if (received > limit) {
          end(new Error(`The answer was longer than ${limit} bytes`));
          incoming.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
      });
      incoming.on('end', () => end());
      incoming.on('error', (error) => end(error));
      incoming.on('close', () => end(new Error('The connection closed before the answer ended')));
    },
    cancel() {
      done = true;
      incoming.destroy();
    },
  });
}
