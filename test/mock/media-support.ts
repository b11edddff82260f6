import type { MockServer } from '../../src/mock/index.js';
import { call, routesOf } from './support.js';

/** Helpers for the media tests: multipart chunks and finalize calls, made as the owner. */

export const bytes = (text: string) => new TextEncoder().encode(text);
export const text = (data: Uint8Array) => new TextDecoder().decode(data);

export function chunkForm(
  fields: Record<string, string>,
  chunk?: Uint8Array | string,
  type = 'text/plain',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (typeof chunk === 'string') form.append('chunk', chunk);
  else if (chunk) form.append('chunk', new Blob([chunk as BlobPart], { type }), 'notes.txt');
  return form;
}

export interface UploadTarget {
  op?: string;
  /** The chunk's MIME type (default text/plain, which the deployed server refuses). */
  mime?: string;
  headers?: Record<string, string>;
  scope?: 'me' | 'academy';
}

export const sendChunk = (
  server: MockServer,
  index: number,
  total: number,
  data: Uint8Array,
  target: UploadTarget = {},
) =>
  call(
    server,
    server.simulator.users.owner.token,
    routesOf(server).uploadChunk.method, // PUT on the deployed server, for both scopes
    `/v2/media/${target.scope ?? 'me'}/chunk`,
    chunkForm(
      {
        operation_type: target.op ?? 'test-small',
        total_chunks: String(total),
        chunk_index: String(index),
      },
      data,
      target.mime,
    ),
    target.headers,
  );

export const finalize = (
  server: MockServer,
  body: Record<string, unknown>,
  target: UploadTarget = {},
) =>
  call(
    server,
    server.simulator.users.owner.token,
    routesOf(server).finalizeUpload.method,
    `/v2/media/${target.scope ?? 'me'}/chunk/upload`,
    { operation_type: 'test-small', filename: 'notes.txt', mime: 'text/plain', ...body },
    target.headers,
  );
