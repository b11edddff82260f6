import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { integer, text, validate } from '../core/fields.js';
import { SimulatorError, fail } from '../core/http-error.js';
import { md5Hex } from '../core/md5.js';
import { json } from '../core/respond.js';
import type { ServerProfile } from '../core/server-profile.js';
import type { RouteContext } from '../core/router.js';
import { serializeFile } from '../state/files.js';
import type { FileRecord, SimulatorState } from '../state/state.js';
import { REFUSAL_MESSAGES } from '../core/messages.js';
import {
  checkRequiredMeta,
  checkTotalChunks,
  checkUploader,
  operationType,
  uploadAcademy,
  type UploadScope,
} from '../rules/media.js';
import { chunkKey } from '../state/media.js';
import { corrupted } from './corrupt-assembly.js';

const FinalizeBody = z.object({
  operation_type: text(),
  total_chunks: integer(1),
  filename: text(),
  mime: text(),
  /** SERVICE.md sends meta JSON-encoded; the deployed server wants an object (see decodeMeta). */
  meta: z.optional(
    z.union([z.string(), z.record(z.string(), z.unknown())], {
      error: 'Must be a JSON object or a JSON-encoded object.',
    }),
  ),
});

const MetaSchema = z.object({
  meta: z.looseObject(
    {
      slug: z.optional(z.string('Not a valid string.')),
      name: z.optional(z.string('Not a valid string.')),
      categories: z.optional(z.array(z.string(), 'Expected a list of strings.')),
      academy: z.optional(z.int('A valid integer is required.')),
    },
    'Must be a JSON object.',
  ),
});

/** The spec simulator takes a JSON-encoded string or an object; the deployed one an object only. */
function decodeMeta(
  meta: string | Record<string, unknown> | undefined,
  accepted: ServerProfile['finalizeMeta'],
): Record<string, unknown> {
  let decoded: unknown = meta ?? {};
  if (typeof meta === 'string' && accepted === 'object')
    fail(400, REFUSAL_MESSAGES.metaNotDictionary);
  if (typeof meta === 'string') {
    try {
      decoded = JSON.parse(meta);
    } catch {
      throw SimulatorError.fields({ meta: ['Must be a JSON-encoded object.'] });
    }
  }
  return validate(MetaSchema, { meta: decoded }).meta;
}

/**
 * Finalizes an upload: every chunk must be there; they are joined in index order into one file
 * named after a hash of its bytes, and the chunks are deleted, so finalizing the same upload again
 * never makes a second copy (`file-already-exists` while it is processed, then chunks missing). `media` files are processed (TRANSFERRING, then CREATED after
 * `mediaProcessingDelayMs`); the others are CREATED at once.
 */
export const finalizeUpload =
  (scope: UploadScope) =>
  async ({ state, request, user, fault }: RouteContext): Promise<Response> => {
    const academy = uploadAcademy(scope, request);
    const body = validate(FinalizeBody, await readJsonObject(request));
    const settings = operationType(state, body.operation_type);
    const errors: Record<string, string[]> = {};
    if (!settings) errors.operation_type = [`Unsupported operation type "${body.operation_type}".`];
    else checkTotalChunks(settings, body.total_chunks, errors);
    if (!settings || errors.total_chunks) throw SimulatorError.fields(errors);
    checkUploader(state, scope, user, body.operation_type, settings);
    const meta = decodeMeta(body.meta, state.options.profile.finalizeMeta);
    checkRequiredMeta(state, body.operation_type, meta);
    if (transferring(state, { userId: user.id, academy, ...body }))
      fail(
        400,
        state.options.profile.detailRefusals ? REFUSAL_MESSAGES.fileExists : 'file-already-exists',
      );
    // More chunks named than the whole store holds: refused before one key is made (a finalize
    // naming 2^31 chunks must cost nothing), counting over what is held instead.
    if (body.total_chunks > state.chunks.size) {
      const head = JSON.stringify([user.id, academy, body.operation_type, body.total_chunks]);
      const held = heldOf(state, `${head.slice(0, -1)},`, `,${JSON.stringify(body.filename)}]`);
      fail(400, `${body.total_chunks - held}/${body.total_chunks} chunks are missing`);
    }
    const keys = Array.from({ length: body.total_chunks }, (_, index) =>
      chunkKey(user.id, academy, body.operation_type, body.total_chunks, index, body.filename),
    );
    const missing = keys.filter((key) => !state.chunks.has(key)).length;
    if (missing > 0) fail(400, `${missing}/${body.total_chunks} chunks are missing`);
    const parts = keys.map((key) => state.chunks.get(key)!.bytes);
    const corruption = fault?.kind === 'corrupt-assembly' ? fault.corruption : undefined;
    const bytes = concat(corruption ? corrupted(state, parts, new Set(keys), corruption) : parts);
    for (const key of keys) state.chunks.delete(key);
    const file: FileRecord = {
      id: state.nextId('file'),
      userId: user.id,
      academy,
      operationType: body.operation_type,
      mime: body.mime,
      name: md5Hex(bytes),
      filename: body.filename,
      meta,
      status: settings.processed ? 'TRANSFERRING' : 'CREATED',
      bytes,
      notification: settings.processed ? state.nextId('notification') : null,
    };
    state.files.push(file);
    if (settings.processed)
      state.options.timers.later(
        state.options.mediaProcessingDelayMs,
        () => (file.status = 'CREATED'),
      );
    return json(serializeFile(state, file), 201);
  };

/**
 * The same upload is finalized and still TRANSFERRING: the service answers `file-already-exists`
 * (live-api.md §3). Once CREATED its chunks are gone, so a finalize again finds them missing.
 */
function transferring(
  state: SimulatorState,
  upload: { userId: number; academy: number | null; operation_type: string; filename: string },
): boolean {
  return state.files.some(
    (file) =>
      file.status === 'TRANSFERRING' &&
      file.userId === upload.userId &&
      file.academy === upload.academy &&
      file.operationType === upload.operation_type &&
      file.filename === upload.filename,
  );
}

/** How many held chunks have a key `${head}${index}${tail}` (see `chunkKey`). */
function heldOf(state: RouteContext['state'], head: string, tail: string): number {
  let held = 0;
  for (const key of state.chunks.keys()) {
    const middle =
      key.startsWith(head) && key.endsWith(tail) ? key.slice(head.length, -tail.length) : '';
    if (/^\d+$/.test(middle)) held++;
  }
  return held;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
