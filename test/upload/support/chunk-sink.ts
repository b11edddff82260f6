// A tiny loopback media service for upload tests: real HTTP, so the Node request path (streamed
// multipart bodies with a Content-Length) is what gets exercised. It follows SERVICE.md's media
// routes and the deployed server's duplicate rule (400 `chunk-already-exists`, live-api.md §3),
// records every chunk as it arrived on the wire, and injects faults per chunk index.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';

/**
 * What the sink does to one attempt of one chunk, in the order the attempts come. With `hold`,
 * it first waits for `release(index)`.
 */
export type Fault = { hold?: boolean } & (
  | { kind: 'status'; status: number; body?: unknown; retryAfter?: number }
  | { kind: 'reset-before' } // the connection drops before the chunk is read
  | { kind: 'reset-after' } // the chunk is stored, then the connection drops: the answer is lost
  | { kind: 'hang' } // never answers
  | { kind: 'stored-held' } // the chunk is stored, then its answer waits for `release(index)`
  | { kind: 'pass' } // answers normally
);

/** One chunk request as it arrived on the wire. */
export interface SeenChunk {
  path: string;
  index: number;
  totalChunks: number;
  operationType: string;
  /** Bytes of the `chunk` part. */
  size: number;
  filename: string;
  mime: string;
  contentLength: string | undefined;
  contentType: string | undefined;
  academy: string | undefined;
  /** Chunk requests in flight when this one arrived, itself included. */
  inFlight: number;
}

export interface SinkFile {
  id: number;
  bytes: Uint8Array;
  body: Record<string, unknown>;
  path: string;
  academy: string | undefined;
}

type OperationTypes = Record<string, { chunk_size: number; max_chunks: number | null }>;
type Gate = { afterBytes: number; open: Promise<void> };

export class ChunkSink {
  url = '';
  readonly chunks: SeenChunk[] = [];
  readonly files: SinkFile[] = [];
  finalizeCalls = 0;
  private readonly server: Server;
  private readonly stored = new Map<string, Map<number, Uint8Array>>();
  private readonly faults = new Map<number, Fault[]>();
  private readonly holds = new Map<number, () => void>();
  private readonly early: Array<number | { status: number; body: unknown }> = [];
  /** Chunk requests answered early (before their body was read), in order. */
  earlyAnswered = 0;
  /** Chunk requests that arrived, whether or not their body did (a cut-off attempt counts). */
  chunkRequests = 0;
  private readonly waiters = new Set<() => void>();
  private readonly sockets = new Set<Socket>();
  private active = 0;
  private gate: Gate | undefined;

  constructor(private readonly types: OperationTypes) {
    this.server = createServer((req, res) => this.route(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Faults for chunk `index`, used one per attempt. */
  fault(index: number, ...faults: Fault[]): void {
    this.faults.set(index, [...(this.faults.get(index) ?? []), ...faults]);
  }

  /**
   * The next chunk requests, one per status, are answered at once, before their body is read
   * (as a proxy with a size limit or a server refusing a token does), and their connection is
   * then closed.
   */
  answerEarly(...statuses: Array<number | { status: number; body: unknown }>): void {
    this.early.push(...statuses);
  }

  /** Lets the held attempt of chunk `index` go on. */
  release(index: number): void {
    this.holds.get(index)?.();
  }

  held(): number[] {
    return [...this.holds.keys()].sort((a, b) => a - b);
  }

  inFlight(): number {
    return this.active;
  }

  /** Stops reading chunk bodies after `afterBytes` until the returned function is called. */
  stall(afterBytes: number): () => void {
    let open!: () => void;
    this.gate = { afterBytes, open: new Promise<void>((resolve) => (open = resolve)) };
    return () => {
      this.gate = undefined;
      open();
    };
  }

  /** Resolves once `predicate` holds (checked after each request event). */
  until(predicate: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!predicate()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private notify(): void {
    this.waiters.forEach((check) => check());
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    const type = /^\/v2\/media\/operationtype\/([^/]+)$/.exec(path)?.[1];
    let work: Promise<unknown> | undefined;
    if (req.method === 'GET' && type !== undefined) {
      const settings = this.types[decodeURIComponent(type)];
      json(res, settings ? 200 : 404, settings ?? { detail: 'Invalid operation type' });
    } else if (req.method === 'POST' && /^\/v2\/media\/(me|academy)\/chunk$/.test(path)) {
      work = this.onChunk(req, res, path);
    } else if (req.method === 'POST' && /^\/v2\/media\/(me|academy)\/chunk\/upload$/.test(path)) {
      work = this.onFinalize(req, res, path);
    } else {
      json(res, 404, { detail: 'not found' });
    }
    work?.catch(() => req.socket.destroy()); // a client that went away mid-body
  }

  private async onChunk(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    this.active++;
    this.chunkRequests++;
    this.notify();
    res.on('close', () => {
      this.active--;
      this.notify();
    });
    const early = this.early.shift();
    if (early !== undefined) {
      this.earlyAnswered++;
      res.on('finish', () => req.socket.destroy());
      const [status, body] =
        typeof early === 'number'
          ? [early, { detail: 'answered early', status_code: early }]
          : [early.status, early.body];
      return json(res, status, body, { connection: 'close' });
    }
    const { seen, file } = await this.readChunk(req, path);
    this.chunks.push(seen);
    this.notify();
    const fault = this.faults.get(seen.index)?.shift();
    if (fault?.hold) await this.holdUntilReleased(seen.index);
    if (fault?.kind === 'reset-before') return void req.socket.destroy();
    if (fault?.kind === 'status') return answerFault(res, fault);
    if (fault?.kind === 'hang') return;
    const key = [path, seen.operationType, seen.filename, seen.totalChunks, seen.academy].join('|');
    const chunks = this.stored.get(key) ?? new Map<number, Uint8Array>();
    this.stored.set(key, chunks);
    if (seen.size > (this.types[seen.operationType]?.chunk_size ?? 0)) {
      return json(res, 400, { detail: 'chunk-size-does-not-match', status_code: 400 });
    }
    if (chunks.get(seen.index)?.byteLength === seen.size) {
      return json(res, 400, { detail: 'chunk-already-exists', status_code: 400 });
    }
    chunks.set(seen.index, new Uint8Array(await file.arrayBuffer()));
    if (fault?.kind === 'reset-after') return void req.socket.destroy();
    if (fault?.kind === 'stored-held') await this.holdUntilReleased(seen.index);
    json(res, 201, {
      ...{ academy: null, user: 1, name: seen.filename, mime: seen.mime },
      ...{ operation_type: seen.operationType, chunk_index: seen.index },
      total_chunks: seen.totalChunks,
    });
  }

  /** Parses the multipart body as any server would, through the platform's own parser. */
  private async readChunk(req: IncomingMessage, path: string) {
    const form = await new Request('http://sink/', {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: gated(Readable.toWeb(req) as ReadableStream<Uint8Array>, this.gate),
      duplex: 'half',
    } as RequestInit).formData();
    const file = form.get('chunk') as File;
    const seen: SeenChunk = {
      path,
      index: Number(form.get('chunk_index')),
      totalChunks: Number(form.get('total_chunks')),
      operationType: String(form.get('operation_type')),
      size: file.size,
      filename: file.name,
      mime: file.type,
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
      academy: req.headers.academy as string | undefined,
      inFlight: this.active,
    };
    return { seen, file };
  }

  private async holdUntilReleased(index: number): Promise<void> {
    await new Promise<void>((resolve) => {
      this.holds.set(index, resolve);
      this.notify();
    });
    this.holds.delete(index);
  }

  private async onFinalize(req: IncomingMessage, res: ServerResponse, path: string) {
    this.finalizeCalls++;
    const body = JSON.parse(await new Response(Readable.toWeb(req) as ReadableStream).text());
    const academy = req.headers.academy as string | undefined;
    const chunkPath = path.replace(/\/upload$/, '');
    const key = [chunkPath, body.operation_type, body.filename, body.total_chunks, academy];
    const chunks = this.stored.get(key.join('|'));
    const parts: Uint8Array[] = [];
    for (let index = 0; index < body.total_chunks; index++) {
      const part = chunks?.get(index);
      if (!part) return json(res, 400, { detail: 'some-chunks-not-found', status_code: 400 });
      parts.push(part);
    }
    const bytes = new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
    const id = this.files.length + 1;
    this.files.push({ id, bytes, body, path, academy });
    this.notify();
    const { mime, operation_type } = body;
    json(res, 201, {
      id,
      academy: null,
      user: 1,
      name: `file-${id}`,
      mime,
      operation_type,
      status: 'CREATED',
    });
  }
}

export async function startChunkSink(
  options: { operationTypes?: OperationTypes } = {},
): Promise<ChunkSink> {
  const sink = new ChunkSink(
    options.operationTypes ?? { small: { chunk_size: 1024, max_chunks: null } },
  );
  await sink.listen();
  return sink;
}

function answerFault(res: ServerResponse, fault: Extract<Fault, { kind: 'status' }>): void {
  const headers: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
  json(res, fault.status, fault.body ?? { detail: 'injected', status_code: fault.status }, headers);
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The body as is, or held back after `gate.afterBytes` until the gate opens. */
function gated(
  body: ReadableStream<Uint8Array>,
  gate: Gate | undefined,
): ReadableStream<Uint8Array> {
  if (!gate) return body;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(piece, controller) {
        seen += piece.byteLength;
        if (seen > gate.afterBytes) await gate.open;
        controller.enqueue(piece);
      },
    }),
  );
}
