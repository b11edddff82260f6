import { fail } from '../core/http-error.js';
import { ACADEMY } from '../state/catalog.js';
import type { OperationTypeSettings } from '../state/media.js';
import type { SimulatorState } from '../state/state.js';

/** The simulator's media rules: which operation type, which academy, how many chunks. */

export function operationType(
  state: SimulatorState,
  name: string,
): OperationTypeSettings | undefined {
  const types = state.options.operationTypes;
  return Object.hasOwn(types, name) ? types[name] : undefined;
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

export function checkTotalChunks(
  settings: OperationTypeSettings,
  total: number,
  errors: Record<string, string[]>,
): void {
  if (settings.max_chunks !== null && total >= settings.max_chunks) {
    errors.total_chunks = [`Ensure total_chunks is less than max_chunks (${settings.max_chunks}).`];
  }
}
