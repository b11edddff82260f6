import type { ChunkReader } from './chunk-reader.js';
import { forgetRecord } from './forget-record.js';
import { InFlightChunks } from './in-flight-chunks.js';
import type { ResumeSettings, ResumeTarget, Warner } from './load-record.js';
import type { UploadRecord } from './resume-store.js';
import { streamChanged, verifyChunks, type CheckPace } from './verify-resume.js';

/** What a resume takes over of a stored record whose chunks the source still holds. */
export interface ResumedRecord {
  uploadName: string;
  acknowledged: Set<number>;
  digests: Map<number, string>;
  finalizeSent: boolean;
  inFlight: InFlightChunks;
}

/**
 * `record`'s state, once the source was read again and holds the bytes its chunks were sent with;
 * undefined when a file changed since (it starts afresh, under a new name). A stream that changed
 * cannot start afresh (its first bytes are read): its record is deleted and it rejects.
 */
export async function resumedRecord(
  record: UploadRecord,
  target: ResumeTarget,
  resume: ResumeSettings,
  log: Warner,
  reader: ChunkReader,
  pace: CheckPace,
): Promise<ResumedRecord | undefined> {
  const digests = new Map(record.acknowledged.map((index, at) => [index, record.digests[at]!]));
  const sent = new Map(record.inFlight?.map(({ index, digest }) => [index, digest]));
  // A file's chunks out at a pause are read again too (a stream's: when the service holds one).
  const checked = reader.sequential ? digests : new Map([...sent, ...digests]);
  const verdict = await verifyChunks(reader, target.plan, checked, pace);
  if (verdict.kind === 'changed') {
    if (reader.sequential) {
      // Emptied where the store cannot delete: kept whole, every run of the key rejected the same.
      throw streamChanged(verdict.index, resume.key, await forgetRecord(resume, record));
    }
    log.warn(
      `upload resume: chunk ${verdict.index} of the source differs from the one sent before (the file changed since); starting afresh`,
    );
    return undefined;
  }
  const acknowledged = new Set(record.acknowledged);
  for (const index of verdict.unchecked) acknowledged.delete(index);
  const { uploadName, finalizeSent } = record;
  return {
    uploadName,
    acknowledged,
    digests,
    finalizeSent,
    inFlight: new InFlightChunks(sent, false),
  };
}
