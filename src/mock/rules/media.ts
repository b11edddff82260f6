import { fail } from '../core/http-error.js';
import { refusal } from '../core/messages.js';
import { ACADEMY } from '../state/catalog.js';
import type { OperationTypeSettings } from '../state/media.js';
import type { MockUser, SimulatorState } from '../state/state.js';

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

/**
 * The deployed server's checks of who uploads what where (none under SERVICE.md): an operation
 * type kept to `/me/` or `/academy/` is refused elsewhere, and only the academy's staff (the
 * simulator's owner) uploads for the academy.
 */
export function checkUploader(
  state: SimulatorState,
  scope: UploadScope,
  user: MockUser,
  name: string,
  settings: OperationTypeSettings,
): void {
  const { media } = state.options.profile;
  if (media.scoped && settings.scope !== undefined && settings.scope !== scope)
    fail(403, refusal('operationTypeElsewhere', { operationType: name }));
  if (media.academyStaffOnly && scope === 'academy' && user.id !== state.users[0]?.id)
    fail(
      403,
      refusal('missingCapability', { user: user.id, capability: 'crud_file', academy: ACADEMY.id }),
    );
}

/** The deployed server requires every `meta` key of some operation types (`media`). */
export function checkRequiredMeta(
  state: SimulatorState,
  name: string,
  meta: Record<string, unknown>,
): void {
  const byType = state.options.profile.media.requiredMeta;
  const required = (Object.hasOwn(byType, name) ? byType[name] : undefined) ?? [];
  const lacking = required.find((key) => meta[key] === undefined);
  if (lacking !== undefined) fail(400, refusal('missingMetaKey', { key: lacking }));
}

/** The MIME types the deployed server takes, in its order (it names them in its refusal). */
const DEPLOYED_MIMES = [
  'image/png',
  'image/svg+xml',
  'image/jpeg',
  'image/gif',
  'video/quicktime',
  'video/mp4',
  'audio/mpeg',
  'application/pdf',
  'image/jpg',
  'application/octet-stream',
  'application/x-pka',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** The deployed server refuses a chunk of a MIME type it does not store; SERVICE.md names none. */
export function checkMime(state: SimulatorState, mime: string): void {
  if (!state.options.profile.detailRefusals || DEPLOYED_MIMES.includes(mime)) return;
  const choices = `[${DEPLOYED_MIMES.map((type) => `'${type}'`).join(', ')}]`;
  fail(400, refusal('unsupportedMime', { mime, choices }));
}

/** The academy as the profile's server names it in an upload's answer: its id, or its slug. */
export const academyOnWire = (state: SimulatorState, academy: number | null) =>
  academy !== null && state.options.profile.media.academyAs === 'slug' ? ACADEMY.slug : academy;

export function checkTotalChunks(
  settings: OperationTypeSettings,
  total: number,
  errors: Record<string, string[]>,
): void {
  if (settings.max_chunks !== null && total >= settings.max_chunks) {
    errors.total_chunks = [`Ensure total_chunks is less than max_chunks (${settings.max_chunks}).`];
  }
}
