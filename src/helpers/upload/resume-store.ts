/**
 * What an upload with `resume` keeps about itself between runs: its unique name, the chunk plan
 * it was sent with, the source it read, and the chunks the service acknowledged.
 *
 * @example
 * ```ts
 * const record: UploadRecord | undefined = await store.get(key);
 * console.log(record ? `${record.acknowledged.length}/${record.totalChunks} chunks sent` : 'none');
 * ```
 * @category Helpers
 */
export interface UploadRecord {
  /** The record layout; a store holding another version is ignored. */
  version: 2;
  /** The file name the user gave (or the source's own). */
  filename: string;
  /** The name every chunk and the finalize of this upload carry. */
  uploadName: string;
  /** The operation type it is uploaded under. */
  operationType: string;
  /** The academy the upload goes to, as a string; null on the `/me/` endpoints. */
  academy: string | null;
  /** The source's size in bytes. */
  totalBytes: number;
  /** The operation type's `chunk_size` when the upload started. */
  chunkSize: number;
  /** How many chunks the file is sent in. */
  totalChunks: number;
  /** The source's modification time (a File's `lastModified`), null for sources without one. */
  lastModified: number | null;
  /** Indexes of the chunks the service acknowledged. */
  acknowledged: number[];
  /**
   * The SHA-256 (hex) of each acknowledged chunk's bytes, in the order of `acknowledged`: a resume
   * reads those chunks again and starts afresh when any differs (the source changed).
   */
  digests: string[];
  /**
   * Finalize was sent, and no answer said it was refused: the file may exist on the service. A
   * resume then never finalizes again (that could make a second copy): it rejects with
   * `UploadMayExistError`.
   */
  finalizeSent: boolean;
  /** When the record was last written (ms since the epoch): records older than `maxAge` are ignored. */
  updatedAt: number;
  /**
   * Chunks whose requests went out unanswered when the record was written (a pause, a failure),
   * with the SHA-256 (hex) of the bytes each went with: the service may have stored them after the
   * abort. A resume reads a file's again and starts afresh when one differs, and counts the
   * service's `chunk-already-exists` as delivered only for these bytes. Absent in older records.
   */
  inFlight?: Array<{
    /** The chunk's index, from 0. */
    index: number;
    /** The SHA-256 (hex) of the bytes the chunk's request went out with. */
    digest: string;
  }>;
  /**
   * Set on a mark, kept under a key of its own (the record's key, `#closed:` and the upload name),
   * that this upload is finalized or its record deleted for good. A write of the record your
   * store answered after `chunkTimeout` may land after that delete; the next run finds the mark
   * and starts afresh instead of resuming an upload already finished. Written only then; set too
   * on a finalized upload's record your store could not delete (emptied of its chunks).
   * `pendingUploads` leaves both out, and a store's first write removes marks after 7 days.
   */
  closed?: boolean;
}

/**
 * Where `resume` keeps its {@link UploadRecord}s: three async methods, so any key-value storage
 * fits (localStorage, IndexedDB, a file, Redis ...). A method that throws or a record that is not
 * one never breaks an upload: it starts afresh with a warning.
 *
 * @example
 * ```ts
 * const records = new Map<string, UploadRecord>();
 * const store: UploadStore = {
 *   get: async (key) => records.get(key),
 *   set: async (key, record) => void records.set(key, record),
 *   delete: async (key) => void records.delete(key),
 * };
 * await client.media.upload(file, { operation_type: 'media', resume: { store } });
 * ```
 * @category Helpers
 */
export interface UploadStore {
  /**
   * The record under `key`, or undefined. What it returns is checked before use.
   *
   * @example
   * ```ts
   * const record = await store.get(key); // unknown: a store may hold anything
   * ```
   */
  get(key: string): Promise<unknown>;
  /**
   * Keeps `record` under `key`, replacing any earlier one.
   *
   * @example
   * ```ts
   * await store.set(key, record);
   * ```
   */
  set(key: string, record: UploadRecord): Promise<void>;
  /**
   * Forgets the record under `key` (the upload was finalized).
   *
   * @example
   * ```ts
   * await store.delete(key);
   * ```
   */
  delete(key: string): Promise<void>;
  /**
   * Every record the store holds, with its key: what `client.media.pendingUploads(store)` lists
   * (after a reload, say). Optional: a store without it lists nothing.
   *
   * @example
   * ```ts
   * for (const [key, record] of await store.list!()) console.log(key, record);
   * ```
   */
  list?(): Promise<ReadonlyArray<readonly [key: string, record: unknown]>>;
  /**
   * Holds the record under `key` for one live upload, across processes: resolves with a function
   * that lets it go, or undefined while another live upload holds it (that upload then goes on
   * without resume: two sources never share an upload's name). Optional: without it, only the
   * uploads of one process (through one store object) are kept apart. `fileUploadStore` has one.
   *
   * A lock a store may take over (its holder untouched for long: paused, asleep) can say so: the
   * function it resolves with may have `held()`, resolving true while this holder still holds the
   * lock, false once another took it over. The upload asks before each chunk, each record write
   * and finalize, and stops with `UploadTakenOverError` when false (or when `held()` rejects);
   * without `held()`, it goes on as the lock's holder (docs/uploads.md).
   *
   * @example
   * ```ts
   * const release = await store.lock!(key);
   * if (release && (await release.held?.()) !== false) await release(); // held, then let go
   * ```
   */
  lock?(key: string): Promise<
    | ((() => Promise<void>) & {
        /** Resolves true while this holder still holds the lock, false once another took it over. */
        held?(): Promise<boolean>;
      })
    | undefined
  >;
}

const PREFIX = 'seatpay:upload:';

/**
 * Records not written for this long are removed by a store's first write, so records of uploads
 * never resumed (or of files changed since) do not pile up. Far past the default `maxAge` (24 h).
 */
export const FORGET_AFTER_MS = 7 * 24 * 3_600_000;

/**
 * An {@link UploadStore} in the browser's `localStorage` (under keys starting `seatpay:upload:`),
 * so an upload survives a page reload or a closed tab: pick the same file again and only the
 * chunks not yet acknowledged are sent. Its first write also removes `seatpay:upload:` records not
 * written for 7 days, or unreadable, so abandoned uploads do not fill the origin's quota.
 *
 * @example
 * ```ts
 * import { localStorageUploadStore } from 'seatpay';
 *
 * const store = localStorageUploadStore();
 * input.addEventListener('change', async () => {
 *   await client.media.upload(input.files![0]!, { operation_type: 'media', resume: { store } });
 * });
 * ```
 * @category Helpers
 */
export function localStorageUploadStore(storage?: Storage): UploadStore {
  // Looked up per call: `localStorage` may throw on access (a sandboxed frame, blocked storage),
  // and that must be a warning of the upload, not an exception at creation.
  const area = () => storage ?? globalThis.localStorage;
  let pruned = false;
  return {
    get: async (key) => {
      const text = area().getItem(PREFIX + key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    },
    set: async (key, record) => {
      if (!pruned) forgetOldRecords(area(), record.updatedAt);
      pruned = true;
      area().setItem(PREFIX + key, JSON.stringify(record));
    },
    delete: async (key) => area().removeItem(PREFIX + key),
    list: async () => {
      const storage = area();
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
      return keys
        .filter((key): key is string => key !== null && key.startsWith(PREFIX))
        .map((key) => [key.slice(PREFIX.length), parsedOrUndefined(storage.getItem(key))] as const);
    },
  };
}

function parsedOrUndefined(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    return undefined;
  }
}

function forgetOldRecords(storage: Storage, now: number): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) {
    if (key === null || !key.startsWith(PREFIX)) continue;
    if (!(writtenAt(storage.getItem(key)) >= now - FORGET_AFTER_MS)) storage.removeItem(key);
  }
}

/** When a stored record was written; NaN when it is no record. */
function writtenAt(text: string | null): number {
  try {
    const updatedAt = (JSON.parse(text ?? '') as { updatedAt?: unknown } | null)?.updatedAt;
    return typeof updatedAt === 'number' ? updatedAt : NaN;
  } catch {
    return NaN;
  }
}
