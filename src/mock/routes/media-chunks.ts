import { readForm } from '../core/body.js';
import { SimulatorError, fail } from '../core/http-error.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import type { ChunkRecord } from '../state/chunk-store.js';
import type { SimulatorState } from '../state/state.js';
import { REFUSAL_MESSAGES } from '../core/messages.js';
import {
  academyOnWire,
  checkMime,
  checkTotalChunks,
  checkUploader,
  operationType,
  uploadAcademy,
  type UploadScope,
} from '../rules/media.js';
import { withDjangoPartNames } from '../rules/part-file-name.js';
import { chunkKey, type OperationTypeSettings } from '../state/media.js';

const wholeNumber = (value: FormDataEntryValue | null): number | undefined =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;

interface ChunkFields {
  settings: OperationTypeSettings;
  operationType: string;
  total: number;
  index: number;
  chunk: File;
}

/** The deployed server's first refusal of a chunk's numbers, as a `{detail}` (it checks them itself). */
function detailRefusal(state: SimulatorState, form: FormData): void {
  if (!state.options.profile.detailRefusals) return;
  const total = wholeNumber(form.get('total_chunks'));
  if (total === undefined || total < 1) return fail(400, REFUSAL_MESSAGES.totalChunksNotPositive);
  const index = wholeNumber(form.get('chunk_index'));
  if (index !== undefined && index >= total) fail(400, REFUSAL_MESSAGES.chunkIndexOutOfRange);
}

/** Checks every field at once, so a 400 lists all that is wrong (as DRF does). */
function readChunkFields(state: SimulatorState, form: FormData): ChunkFields {
  detailRefusal(state, form);
  const errors: Record<string, string[]> = {};
  const op = form.get('operation_type');
  const settings = typeof op === 'string' ? operationType(state, op) : undefined;
  if (!settings)
    errors.operation_type = [
      op === null ? 'This field is required.' : `Unsupported operation type "${String(op)}".`,
    ];
  const total = wholeNumber(form.get('total_chunks'));
  if (total === undefined || total < 1) errors.total_chunks = ['A valid integer >= 1 is required.'];
  else if (settings) checkTotalChunks(settings, total, errors);
  const index = wholeNumber(form.get('chunk_index'));
  if (index === undefined || (total !== undefined && index >= total))
    errors.chunk_index = ['Must be an integer from 0 to total_chunks - 1.'];
  const chunk = form.get('chunk');
  if (!(chunk instanceof Blob)) errors.chunk = ['No chunk provided: send it as a file part.'];
  else if (settings && chunk.size > settings.chunk_size)
    errors.chunk = [`Chunk size exceeds chunk_size (${settings.chunk_size} bytes).`];
  if (Object.keys(errors).length > 0) throw SimulatorError.fields(errors);
  return {
    settings: settings!,
    operationType: op as string,
    total: total!,
    index: index!,
    chunk: chunk as File,
  };
}

/**
 * One chunk of an upload. A second chunk with the same key answers the deployed server's
 * `chunk-already-exists` and the first bytes are kept.
 */
export const uploadChunk =
  (scope: UploadScope) =>
  async ({ state, request, user }: RouteContext): Promise<Response> => {
    const academy = uploadAcademy(scope, request);
    const sent = await readForm(request);
    // The deployed server files a chunk under its part's name as its parser cleaned it.
    const form =
      state.options.profile.partFileNames === 'django' ? withDjangoPartNames(sent) : sent;
    const fields = readChunkFields(state, form);
    checkUploader(state, scope, user, fields.operationType, fields.settings);
    checkMime(state, fields.chunk.type || 'application/octet-stream');
    const filename = form.get('filename');
    const name =
      typeof filename === 'string' && filename !== '' ? filename : fields.chunk.name || 'blob';
    const key = chunkKey(user.id, academy, fields.operationType, fields.total, fields.index, name);
    if (state.chunks.has(key)) fail(400, alreadyExists(state));
    const record: ChunkRecord = {
      userId: user.id,
      academy,
      operationType: fields.operationType,
      totalChunks: fields.total,
      index: fields.index,
      name,
      mime: fields.chunk.type || 'application/octet-stream',
      bytes: new Uint8Array(await fields.chunk.arrayBuffer()),
    };
    state.chunks.set(key, record);
    return json(
      {
        academy: academyOnWire(state, academy),
        chunk_index: record.index,
        mime: record.mime,
        name: record.name,
        operation_type: record.operationType,
        total_chunks: record.totalChunks,
        user: user.id,
      },
      201,
    );
  };

/** A chunk sent again: SERVICE.md's simulator keeps the slug; the deployed server says it in words. */
const alreadyExists = (state: SimulatorState) =>
  state.options.profile.detailRefusals ? REFUSAL_MESSAGES.chunkExists : 'chunk-already-exists';
