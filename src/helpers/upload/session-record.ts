import type { InFlightChunks } from './in-flight-chunks.js';
import type { ResumeTarget } from './load-record.js';
import type { UploadRecord } from './resume-store.js';

/** What an upload's session knows, as its resume record says it. */
export interface SessionState {
  uploadName: string;
  acknowledged: ReadonlySet<number>;
  digests: ReadonlyMap<number, string>;
  /** Finalize was sent (`UploadRecord.finalizeSent`). */
  sent: boolean;
  inFlight: InFlightChunks;
}

/** The record of an upload's state now; `inFlight` only when some chunk went out unanswered. */
export function sessionRecord(target: ResumeTarget, state: SessionState): UploadRecord {
  const { identity, operationType, academy, plan } = target;
  const acknowledged = [...state.acknowledged].sort((a, b) => a - b);
  const inFlight = state.inFlight.recorded(state.acknowledged);
  return {
    version: 2,
    filename: identity.filename,
    uploadName: state.uploadName,
    operationType,
    academy,
    totalBytes: plan.totalBytes,
    chunkSize: plan.chunkSize,
    totalChunks: plan.totalChunks,
    lastModified: identity.lastModified,
    acknowledged,
    digests: acknowledged.map((index) => state.digests.get(index)!),
    finalizeSent: state.sent,
    updatedAt: Date.now(),
    ...(inFlight.length > 0 ? { inFlight } : {}),
  };
}
