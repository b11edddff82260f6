// A 2xx answer of a slice or more that does not match its schema: its ResponseValidationError's
// `body` is the whole answer, secrets redacted, in slices with the event loop let go between them
// (a 5 MB listing whose every row was wrong held it 315-433 ms, most of it that redaction in one go).
// What the error carries still hides every secret, and a small answer's error is as it was.
import { describe, expect, it } from 'vitest';
import { createClient, ResponseValidationError } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';

/** A listing of `rows` subscriptions whose `currency` is wrong, each echoing the token. */
function wrongListing(rows: number): string {
  const list = Array.from({ length: rows }, (_, id) => ({
    id,
    status: 'ACTIVE',
    user: { id: 1000 + id, email: `owner${id}@example.com`, note: `Bearer ${TOKEN}` },
    currency: 'EUR',
    seats_limit: 10,
  }));
  return JSON.stringify({ subscriptions: list, echoed: btoa(`{"t":"${TOKEN}"}`) });
}

/** A client whose every answer is a 200 with `text` as its JSON body. */
function clientAnswering(text: string) {
  return createClient({
    baseUrl: 'https://api.example.com',
    token: TOKEN,
    maxRetries: 0,
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
  });
}

/** The call's rejection, and whether a `setImmediate` scheduled with the call ran before it. */
async function rejectionOf(call: () => Promise<unknown>) {
  let turned = false;
  setImmediate(() => (turned = true));
  const error = await call().then(
    () => expect.fail('the call resolved'),
    (e: unknown) => e,
  );
  return { error: error as ResponseValidationError, turnedBefore: turned };
}

/** Everything a user can print of the error. */
const printed = (error: ResponseValidationError) =>
  JSON.stringify({ ...error, message: error.message, stack: error.stack, cause: error.cause });

describe('a validation error of a large answer', () => {
  it('lets the event loop go before it rejects, its body whole and redacted', async () => {
    const text = wrongListing(2_000); // about 300 KB: several slices
    const { error, turnedBefore } = await rejectionOf(() =>
      clientAnswering(text).subscriptions.list(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(turnedBefore).toBe(true);
    expect(error.body).toEqual(redactSecrets(JSON.parse(text), [TOKEN]));
    expect(error.issues.length).toBeGreaterThan(100);
    expect(error.message).toContain('subscriptions.0.currency');
    expect(printed(error)).not.toContain(TOKEN);
    expect(printed(error)).not.toContain(btoa(`{"t":"${TOKEN}"}`));
  });

  it('of a small answer is as it was: its body redacted, nothing leaked', async () => {
    const text = wrongListing(2);
    const { error } = await rejectionOf(() => clientAnswering(text).subscriptions.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.body).toEqual(redactSecrets(JSON.parse(text), [TOKEN]));
    expect(printed(error)).not.toContain(TOKEN);
  });

  it('through withResponse() too', async () => {
    const text = wrongListing(2_000);
    const { error, turnedBefore } = await rejectionOf(() =>
      clientAnswering(text).subscriptions.list().withResponse(),
    );
    expect(turnedBefore).toBe(true);
    expect(error.body).toEqual(redactSecrets(JSON.parse(text), [TOKEN]));
  });
});
