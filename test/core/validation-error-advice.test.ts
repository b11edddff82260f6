// ResponseValidationError's message says what to do. Its `validate: 'warn'` advice is for an answer
// that parsed but does not match its schema, which 'warn' logs and returns: an answer that is not
// JSON, or a seat change's seats, are refused whatever `validate` says, so there the message must
// not send the user to an option that changes nothing.
import { describe, expect, it } from 'vitest';
import { createClient, ResponseValidationError } from '../../src/index.js';

/** A client whose every call is answered 200 `text` (`type`), validating as `validate` says. */
const answering = (text: string, type: string, validate: 'error' | 'warn') =>
  createClient({
    baseUrl: 'https://api.example.com',
    token: 'tok_advice7Hq2mZ9vXc4LpR8sW',
    maxRetries: 0,
    validate,
    logLevel: 'off',
    fetch: async () => new Response(text, { status: 200, headers: { 'content-type': type } }),
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ResponseValidationError,
  );

describe("ResponseValidationError's advice", () => {
  it("sends to validate: 'warn' only where 'warn' lets the answer through", async () => {
    const wrong = JSON.stringify({ subscriptions: [{ id: 'x' }] });
    const error = await failureOf(
      answering(wrong, 'application/json', 'error').subscriptions.list(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error!.message).toContain("`validate: 'warn'`");
    const warned = await answering(wrong, 'application/json', 'warn').subscriptions.list();
    expect(warned).toStrictEqual(JSON.parse(wrong)); // 'warn' did let it through
  });

  it('does not for an answer that is not JSON, which every mode refuses', async () => {
    const page = '<html><body>Welcome to the hotel Wi-Fi</body></html>';
    for (const mode of ['error', 'warn'] as const) {
      const error = await failureOf(answering(page, 'text/html', mode).subscriptions.list());
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error!.message).toContain('the body is not JSON');
      expect(error!.message).toContain('report it');
      expect(error!.message).not.toContain('validate');
    }
  });

  it("does not for a seat change's seats under 'warn', which checks them still", async () => {
    const answer = JSON.stringify([{ id: 'not a seat' }]);
    const seats = answering(answer, 'application/json', 'warn').seats;
    const error = await failureOf(seats.add(7, [{ email: 'ada@example.com' }]));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error!.message).toContain('report it');
    expect(error!.message).not.toContain('validate');
  });
});
