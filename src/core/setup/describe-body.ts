import { MultipartBody } from '../prepare/multipart.js';

/** A request body as the debug log shows it: a file part by its size, never its bytes. */
export function describeBody(body: unknown): unknown {
  if (body instanceof MultipartBody) return body.describe();
  if (body instanceof FormData) {
    return Object.fromEntries(
      [...body.entries()].map(([key, value]) => [
        key,
        typeof value === 'string' ? value : `[${value.size} bytes]`,
      ]),
    );
  }
  return body;
}
