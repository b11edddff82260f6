// The debug log's line of an error answer's body: the body is redacted once, in slices when large,
// and that is what the line shows. It was redacted a second time in one go by the logger, which
// held the event loop as long as the slices were meant to spare it (BENCHMARKS.md, syncredact).
import { describe, expect, it } from 'vitest';
import { APIError, createClient } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';
const CARD = '4242424242424242';

function clientLogging(body: string, logged: unknown[][]) {
  return createClient({
    baseUrl: 'http://service.test',
    token: TOKEN,
    maxRetries: 0,
    logLevel: 'debug',
    logger: {
      debug: (...args: unknown[]) => logged.push(args),
      info() {},
      warn() {},
      error() {},
    },
    fetch: async () =>
      new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }),
  });
}

/** An error answer quoting the token now and then, in about `size` characters of JSON. */
function answerOf(size: number): { errors: string[] } {
  const errors: string[] = [];
  for (let at = 0, length = 0; length < size; at++) {
    const message = `row ${at}: refused ${at % 50 === 0 ? `(auth Bearer ${TOKEN})` : 'for cause'}`;
    errors.push(message);
    length += message.length + 3;
  }
  return { errors };
}

describe("an error answer's body in the debug log", () => {
  it.each([
    ['of megabytes (redacted in slices)', 1_000_000],
    ['small (redacted at once)', 2_000],
  ])('%s is the error body itself, redacted once, the token hidden', async (_, size) => {
    const answer = answerOf(size);
    const logged: unknown[][] = [];
    const error = await clientLogging(JSON.stringify(answer), logged)
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    const line = logged.find(([message]) => message === '[seatpay] error body');
    expect(line).toBeDefined();
    // Not a second copy of it: the logger did not search it again.
    expect(line![1]).toBe((error as APIError).body);
    expect(line![1]).toEqual(redactSecrets(answer, [TOKEN]));
    expect(JSON.stringify(line![1])).not.toContain(TOKEN);
    expect(JSON.stringify(line![1])).toContain('row 1: refused for cause');
  });

  it('is searched again for a secret the client learned after its redaction began', async () => {
    // The card goes out with a second call, started while the large error answer's body is
    // searched in slices: its first slice, which quotes the card, was searched without it. The
    // log line is searched again, with it.
    const answer = { errors: [`card ${CARD} refused`, ...answerOf(1_000_000).errors] };
    const logged: unknown[][] = [];
    let registering: Promise<unknown> | undefined;
    const client = createClient({
      baseUrl: 'http://service.test',
      token: TOKEN,
      maxRetries: 0,
      logLevel: 'debug',
      logger: {
        debug: (...args: unknown[]) => logged.push(args),
        info: (line: string) => {
          if (!line.includes('← 400')) return;
          const card = { card_number: CARD, cvc: '123', exp_month: '12', exp_year: '2035' };
          // Once this answer's error is being built (its redaction's secrets taken).
          registering = new Promise((go) => setTimeout(go, 0)).then(() =>
            client.card.register(card).catch(() => undefined),
          );
        },
        warn() {},
        error() {},
      },
      fetch: async (input) =>
        (input instanceof Request ? input.url : String(input)).includes('/plan/')
          ? new Response(JSON.stringify(answer), { status: 400 })
          : new Response('{}', { status: 500 }),
    });
    // The slices' code loaded ahead: the first slice runs before the timer that sends the card.
    await client.preload();
    const error = await client.plans.get('team').catch((e: unknown) => e);
    await registering;
    expect(JSON.stringify((error as APIError).body)).toContain(CARD);
    // The card's call failed too (its error body logged first): the large body's line.
    const line = logged.find(
      ([message, data]) =>
        message === '[seatpay] error body' && JSON.stringify(data).length > 500_000,
    );
    expect(JSON.stringify(line![1])).not.toContain(CARD);
    expect(JSON.stringify(line![1])).toContain('card [REDACTED] refused');
  });
});
