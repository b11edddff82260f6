import { fail } from '../core/http-error.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { ACADEMY } from '../state/catalog.js';

export interface OperationTypeSettings {
  chunk_size: number;
  max_chunks: number | null;
  /** Whether a finalized file is processed (TRANSFERRING, then CREATED) or CREATED at once. */
  processed: boolean;
}

/** `test-small` is the simulator's own: tiny chunks and a bound, so tests need only a few bytes. */
const OPERATION_TYPES: Record<string, OperationTypeSettings> = {
  media: { chunk_size: 10_485_760, max_chunks: null, processed: true },
  'proof-of-payment': { chunk_size: 10_485_760, max_chunks: null, processed: false },
  'test-small': { chunk_size: 1024, max_chunks: 8, processed: false },
};

export function operationType(name: string): OperationTypeSettings | undefined {
  return Object.hasOwn(OPERATION_TYPES, name) ? OPERATION_TYPES[name] : undefined;
}

export function listOperationTypes(): Response {
  return json(Object.keys(OPERATION_TYPES));
}

export function getOperationType({ params }: RouteContext): Response {
  const settings =
    operationType(params.operation_type ?? '') ?? fail(404, 'Invalid operation type');
  return json({ chunk_size: settings.chunk_size, max_chunks: settings.max_chunks });
}

/** Which academy an upload belongs to: none on /me/, the `Academy` header's on /academy/. */
export type UploadScope = 'me' | 'academy';

export function uploadAcademy(scope: UploadScope, request: Request): number | null {
  if (scope === 'me') return null;
  const header = request.headers.get('academy');
  if (header === null)
    return fail(
      403,
      "Missing academy_id parameter expected for the endpoint url or 'Academy' header",
    );
  if (!/^\d+$/.test(header.trim()))
    return fail(400, `Academy ID needs to be an integer: ${header}`);
  const id = Number(header.trim());
  return id === ACADEMY.id ? id : fail(404, 'Academy not found');
}

/** Uploads of one file are matched on user, academy, operation type and total_chunks. */
/**
 * Which upload a chunk belongs to. The name (the chunk's `filename` field, else its part's file
 * name) is part of it, as on the deployed server, which assembles the chunks whose name equals
 * finalize's `filename`: leftovers of another upload are never taken for this one's.
 */
export const chunkKey = (
  userId: number,
  academy: number | null,
  operationType: string,
  totalChunks: number,
  index: number,
  name: string,
) => JSON.stringify([userId, academy, operationType, totalChunks, index, name]);

export function checkTotalChunks(
  settings: OperationTypeSettings,
  total: number,
  errors: Record<string, string[]>,
): void {
  if (settings.max_chunks !== null && total >= settings.max_chunks) {
    errors.total_chunks = [`Ensure total_chunks is less than max_chunks (${settings.max_chunks}).`];
  }
}
