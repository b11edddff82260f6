import { createServer, type IncomingMessage } from 'node:http';
import { connect as connectTcp, type AddressInfo, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, memoryJournal } from '../../src/index.js';

// A host or network unreachable (an ICMP answer after a route change, a VPN dropping) fails a
// socket at connect, before anything is sent, or on an established socket, after the request
// left. Node says which in the error's `syscall`: only `connect` means never sent. undici's
// `connect` override stands for the network: it fails the connect, or hands a real loopback
// socket that the "network" destroys once the service has read the whole request.
const PAY = { token: 'bag_1', chosen_period: 'MONTH' };
const CHECKOUT = { service: 'ai-credits', how_many: 2, subscription: 101 };

function systemError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -113 });
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A service that counts the requests it read whole; each read fails its client's socket. */
async function unreachableOnceSent(code: string) {
  const bodies: string[] = [];
  let clientSocket: Socket | undefined;
  const server = createServer((request: IncomingMessage) => {
    let body = '';
    request.on('data', (part: Buffer) => (body += part.toString()));
    request.on('end', () => {
      bodies.push(body);
      clientSocket?.destroy(systemError(code, 'read'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent({
    connect: (_options, ready) => {
      const socket = connectTcp(port, '127.0.0.1', () => ready(null, socket));
      clientSocket = socket;
    },
  });
  stop = async () => {
    await dispatcher.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${port}`, bodies, dispatcher };
}

function clientThrough(url: string, dispatcher: Agent, sent: { count: number }) {
  return createClient({
    baseUrl: url,
    token: 't0ken',
    retryBaseDelay: 1,
    maxRetries: 3,
    logLevel: 'off',
    fetch: (input, init) => {
      sent.count++;
      return fetch(input, { ...init, dispatcher } as RequestInit);
    },
  });
}

describe('a host or network unreachable, at connect or after the request left', () => {
  for (const code of ['EHOSTUNREACH', 'ENETUNREACH']) {
    it(`${code} after the service read a pay: not re-sent, and it may have been processed`, async () => {
      const service = await unreachableOnceSent(code);
      const sent = { count: 0 };
      const client = clientThrough(service.url, service.dispatcher, sent);
      const error = await client.pay.bag(PAY).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: true });
      expect(service.bodies).toHaveLength(1);
      expect(sent.count).toBe(1);
    });

    it(`${code} at connect: a pay is retried, and says it was not processed`, async () => {
      const sent = { count: 0 };
      const dispatcher = new Agent({
        connect: (_options, ready) => ready(systemError(code, 'connect'), null),
      });
      stop = () => dispatcher.close();
      const client = clientThrough('http://127.0.0.1:4010', dispatcher, sent);
      const error = await client.pay.bag(PAY).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
      expect(sent.count).toBe(4);
    });
  }

  it('every address unreachable at connect (happy eyeballs): a pay is retried', async () => {
    const sent = { count: 0 };
    // Node's error when every address failed: an AggregateError with the first one's code.
    const attempts = [
      systemError('EHOSTUNREACH', 'connect'),
      systemError('ENETUNREACH', 'connect'),
    ];
    const all = Object.assign(new AggregateError(attempts), { code: 'EHOSTUNREACH' });
    const dispatcher = new Agent({ connect: (_options, ready) => ready(all, null) });
    stop = () => dispatcher.close();
    const client = clientThrough('http://127.0.0.1:4010', dispatcher, sent);
    await expect(client.pay.bag(PAY)).rejects.toMatchObject({ mayHaveBeenProcessed: false });
    expect(sent.count).toBe(4);
  });

  it('EHOSTUNREACH after the service read a keyed checkout: sent once, its key unknown', async () => {
    const service = await unreachableOnceSent('EHOSTUNREACH');
    const sent = { count: 0 };
    const client = clientThrough(service.url, service.dispatcher, sent);
    const journal = memoryJournal();
    const keyed = { ...CHECKOUT, key: 'order-7', journal };
    const error = await client.consumables.checkout(keyed).catch((e: unknown) => e);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(service.bodies).toHaveLength(1);
    expect(await journal.get('order-7')).toMatchObject({ charged: 'unknown' });
    // The same key again sends nothing: its outcome is settled by reconcile or settle.
    await expect(client.consumables.checkout(keyed)).rejects.toMatchObject({
      name: 'UnsettledKeyError',
    });
    expect(service.bodies).toHaveLength(1);
  });
});
