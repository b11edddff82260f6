import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A hostile service for the command: a loopback proxy in front of the simulator that echoes the
// secrets it is given into every JSON answer it passes on (success and error alike), plain and in
// the encodings a service may use: URL-encoded, JSON-escaped, base64, a card grouped by spaces.

export interface EchoingProxy {
  url: string;
  close(): Promise<void>;
}

/** Every form of the secrets, in one text. */
function echoOf(secrets: readonly string[]): Record<string, string> {
  const escaped = (text: string) =>
    [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  return {
    echo: `seen ${secrets.join(' and ')}`,
    echo_url: secrets.map(encodeURIComponent).join('&'),
    echo_base64: secrets.map((secret) => Buffer.from(secret).toString('base64')).join(' '),
    // Parsed by the command as the plain secret; printed again as JSON, plain.
    echo_escaped: JSON.parse(`"${secrets.map(escaped).join(' ')}"`) as string,
    echo_grouped: secrets
      .map((secret) => (/^\d{16}$/.test(secret) ? secret.replace(/(\d{4})(?=\d)/g, '$1 ') : secret))
      .join(' '),
  };
}

/**
 * The answer with the secrets added to its object (each item of a list), and to an error's text
 * and a seat's email. Nested objects are left alone: some (an invoice's breakdown) take no extra
 * field, and the command would refuse the answer instead of printing it.
 */
function poisoned(value: unknown, echo: Record<string, string>, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => poisoned(item, echo, depth));
  if (value === null || typeof value !== 'object' || depth > 0) return value;
  const copy: Record<string, unknown> = { ...value };
  if (Array.isArray(copy.results)) copy.results = poisoned(copy.results, echo);
  if (typeof copy.detail === 'string') copy.detail = `${copy.detail} (${echo.echo})`;
  if (typeof copy.email === 'string') copy.email = `${echo.echo_url}@example.com`;
  return { ...copy, ...echo };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HOP_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];

/**
 * Starts the proxy in front of `target` (the simulator's URL), echoing `secrets` in every answer
 * but those to paths `spared` (an answer whose schema takes no extra field).
 */
export async function echoingProxy(
  target: string,
  secrets: readonly string[],
  spared?: RegExp,
): Promise<EchoingProxy> {
  const echo = echoOf(secrets);
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', ...HOP_HEADERS].includes(name))
          headers.set(name, value);
      const answer = await fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      let text = await answer.text();
      const json = (answer.headers.get('content-type') ?? '').includes('json');
      if (json && text !== '' && !spared?.test(request.url ?? ''))
        text = JSON.stringify(poisoned(JSON.parse(text), echo));
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.includes(name)) response.setHeader(name, value);
      });
      response.writeHead(answer.status).end(text);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
