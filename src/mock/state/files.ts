import { academyOnWire } from '../rules/media.js';
import type { FileRecord, SimulatorState } from './state.js';

/** The simulator's finalized files: as the service answers them, and their bytes. */

/**
 * A finalized upload as the finalize call answers it.
 *
 * @example
 * ```ts
 * const file: MockFile | undefined = simulator.file(media.id);
 * console.log(file?.name, file?.status);
 * ```
 * @useDeclaredType
 * @category Simulator
 */
export type MockFile = ReturnType<typeof serializeFile>;

export function serializeFile(state: SimulatorState, file: FileRecord) {
  return {
    /** The file's id. */
    id: file.id,
    /**
     * The academy it was uploaded for (its id; its slug under `profile: 'deployed'`), or null for a
     * `/me/` upload.
     */
    academy: academyOnWire(state, file.academy),
    /** The MIME type given at finalize. */
    mime: file.mime,
    /** The MD5 of the file's bytes (hex), as the deployed server names files. */
    name: file.name,
    /** The operation type it was uploaded under. */
    operation_type: file.operationType,
    /** The id of the user who uploaded it. */
    user: file.userId,
    /** `'TRANSFERRING'` while a `media` file is processed, then `'CREATED'`. */
    status: file.status,
    ...(state.options.profile.media.notification
      ? {
          /** Under `profile: 'deployed'`: the notification of a processed file, else null. */
          notification: file.notification,
        }
      : {}),
  };
}

export const findFile = (state: SimulatorState, id: number): FileRecord | undefined =>
  state.files.find((file) => file.id === id);

/** A copy of a finalized file's bytes (`sim.fileBytes`). */
export function fileBytes(state: SimulatorState, id: number): Uint8Array {
  const file = findFile(state, id);
  if (!file) throw new RangeError(`simulator: no finalized file ${id}`);
  return file.bytes.slice();
}
