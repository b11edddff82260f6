// Why the thirteenth pass's secret forms stay on the page before its first answer (size14): a
// connection error, a timeout and an abort quote text the caller's own code made (what a custom
// fetch threw, a signal's reason), and that text can hold a secret in any of them: as UTF-32 bytes
// in base64, in another script's digits inside base64, reversed after a right-to-left override (escaped),
// in full-width digits escaped as UTF-8 (`%EF%BC%93`, which the fold reads with TextDecoder).
// Such an error is made the moment it happens, without waiting for code to load (README,
// "Errors"), so the forms that hide these must be loaded already: none could wait for an answer.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AbortError, ConnectionError, createClient, TimeoutError } from '../../src/index.js';

const TOKEN = 'sk_live_324c9e4eabd5832b0267441b28790ef9';

function utf32le(text: string): Buffer {
  const bytes = Buffer.alloc([...text].length * 4);
  [...text].forEach((char, at) => bytes.writeUInt32LE(char.codePointAt(0)!, at * 4));
  return bytes;
}
const devanagari = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(0x966 + Number(digit)));
const fullWidthEscaped = (text: string) =>
  text.replace(/\d/g, (digit) => encodeURIComponent(String.fromCharCode(0xff10 + Number(digit))));

/** Each form, and a piece of it that shows the token (what must not be printed). */
const forms: Record<string, { text: string; piece: string }> = (() => {
  const wide = utf32le(`Bearer ${TOKEN}`).toString('base64');
  const script = Buffer.from(`Bearer ${devanagari(TOKEN)}`).toString('base64');
  const reversed = [...TOKEN].reverse().join('');
  const escaped = fullWidthEscaped(TOKEN);
  return {
    'UTF-32 bytes in base64': { text: `dump=${wide} (end)`, piece: wide.slice(-60, -8) },
    "another script's digits in base64": {
      text: `value=${script} (stored)`,
      piece: script.slice(8, 48),
    },
    // Escaped as JSON writes it (`\\u202E`): the override's forms, looked for only in a text that has one.
    'reversed after an escaped override': {
      text: `{"name":"\\u202e${reversed}"}`,
      piece: reversed,
    },
    'full-width digits escaped as UTF-8': { text: `q=${escaped}&x=1`, piece: escaped.slice(0, 60) },
  };
})();

const shown = (error: unknown) => `${String(error)}\n${inspect(error, { depth: 10 })}`;

function client(fetch: typeof globalThis.fetch) {
  return createClient({ baseUrl: 'http://service.test', token: TOKEN, maxRetries: 0, fetch });
}

describe.each(Object.entries(forms))('a secret %s', (_, { text, piece }) => {
  it("in what a custom fetch threw: the connection error's text hides it", async () => {
    const error = await client(() => Promise.reject(new Error(`socket closed: ${text}`)))
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(shown(error)).toContain('socket closed');
    expect(shown(error)).not.toContain(piece);
  });

  it("in an abort's reason: the abort's text hides it", async () => {
    const signal = AbortSignal.abort(new Error(`cancelled: ${text}`));
    const error = await client(globalThis.fetch)
      .plans.get('team', { signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(shown(error)).toContain('cancelled');
    expect(shown(error)).not.toContain(piece);
  });

  it("in a timeout's reason, fired during the call: the timeout's message hides it", async () => {
    const controller = new AbortController();
    const waits: typeof globalThis.fetch = (input, init) => {
      const signal = init?.signal ?? (input as Request).signal;
      const answer = new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
      controller.abort(new DOMException(`ran out: ${text}`, 'TimeoutError'));
      return answer;
    };
    const error = await client(waits)
      .plans.get('team', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('ran out');
    expect(shown(error)).not.toContain(piece);
  });
});
