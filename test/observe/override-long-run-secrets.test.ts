// A right-to-left override (U+202E) never closed lasts to its paragraph's end, all of it shown
// reversed: a card or a CVC written reversed anywhere in it shows as itself. The fold read a run
// reversed for its first 256 characters only, so in a log line, an error body of many lines or a
// span's attribute where the override came more than 256 characters before the secret, it was
// printed (one line of JSON was covered only where the secret came first). Checked with the real
// SDK's exporter.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { useTelemetry } from './support/otel.js';

const otel = useTelemetry();
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const reversed = (text: string) => [...text].reverse().join('');
/** An override, `gap` characters, then `secret` reversed: shown as the secret, then the gap. */
const shownFirst = (secret: string, gap: number) => `\u202e${'n'.repeat(gap)} ${reversed(secret)}`;

describe('a secret reversed far inside an override never closed', () => {
  it('is hidden in a log line, a body of lines, in one go and in slices', async () => {
    for (const [secret, gap] of [
      [card, 300],
      [token, 2000],
      ['987', 300],
    ] as const) {
      for (const text of [
        `payment: ${shownFirst(secret, gap)} (end)`,
        `line one\nholder: ${shownFirst(secret, gap)}\r\nline three`,
      ]) {
        const hidden = redactSecrets(text, [secret]);
        expect(hidden, `${secret} ${gap}`).toContain('[REDACTED]');
        expect(hidden).not.toContain(reversed(secret));
        for (const before of [64 * 1024 - 40, 64 * 1024 - gap - 10]) {
          const large = `${'x'.repeat(before)}\n${text}`;
          const once = redactSecrets(large, [secret]);
          expect(once).not.toContain(reversed(secret));
          expect(await redactSecretsAsync(large, [secret])).toBe(once);
        }
      }
    }
    // A number reversed outside any override is another number; after its pop, as written.
    expect(redactSecrets(`order ${reversed(card)}`, [card])).toBe(`order ${reversed(card)}`);
    const popped = `\u202eabc\u202c ${'n'.repeat(300)} 789`;
    expect(redactSecrets(popped, ['987'])).toBe(popped);
  });

  it("is not in a refusal's body of lines, its log line or its span", async () => {
    const lines: string[] = [];
    const body = `refused\nholder: ${shownFirst(card, 400)}\ncvc: ${shownFirst('987', 400)}\n`;
    const client = createClient({
      baseUrl: 'http://service.test',
      token,
      maxRetries: 0,
      tracer: otel.tracer(),
      logLevel: 'debug',
      logger: {
        debug: (...args: unknown[]) => lines.push(inspect(args, { depth: 9 })),
        info: (...args: unknown[]) => lines.push(inspect(args, { depth: 9 })),
        warn: (...args: unknown[]) => lines.push(inspect(args, { depth: 9 })),
        error: (...args: unknown[]) => lines.push(inspect(args, { depth: 9 })),
      },
      fetch: async () =>
        new Response(body, { status: 422, headers: { 'content-type': 'text/plain' } }),
    });
    const error = await client.card
      .register({ card_number: card, cvc: '987' })
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain('422');
    const shown = [
      String(error),
      inspect(error, { depth: 9 }),
      JSON.stringify(error),
      ...lines,
      await otel.text(),
    ];
    expect(lines.length).toBeGreaterThan(0);
    for (const text of shown) {
      expect(text).not.toContain(reversed(card));
      expect(text).not.toMatch(/(?<![\p{L}\p{N}])789(?![\p{L}\p{N}])/u);
    }
  });
});
