// What a ResponseValidationError quotes of a 2xx answer that is not JSON: the client's own error,
// as a user catches it, for a service that answers `text` (HTML) to the plan read.
import { expect } from 'vitest';
import { createClient, ResponseValidationError } from '../../src/index.js';

/** The `body` a ResponseValidationError quotes when the service answers `text` to a client of `token`. */
export async function validationQuoteOf(token: string, text: string): Promise<string> {
  const client = createClient({
    baseUrl: 'http://service.test',
    token,
    maxRetries: 0,
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'text/html' } }),
  });
  const error = await client.plans.get('team').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseValidationError);
  return (error as ResponseValidationError).body as string;
}
