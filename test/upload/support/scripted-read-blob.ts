// A Blob whose chunk reads a test scripts, as a resume's check of the chunks sent before meets a
// source that hangs or fails: each chunk's read is noted, and can wait on a promise (one that
// never settles: a file on a network drive gone away) or fail ("disk gone").
import { bytesOf, memoryUploadStore } from './upload-kit.js';
import { CHUNK, TOTAL, type resumeHarness } from './resume-harness.js';

export interface ReadScript {
  /** The chunks whose read began, in order. */
  read: number[];
  /** The read of chunk `holdAt` (of every chunk when it is undefined) waits on this first. */
  hold?: Promise<void> | undefined;
  holdAt?: number | undefined;
  /** Told as a read starts to wait on `hold`. */
  held?: (() => void) | undefined;
  /** The read of chunk `failAt` fails; of every chunk with `'every'`. */
  failAt?: number | 'every' | undefined;
}

/** Never settles: a read held on it is held for ever. */
export const NEVER: Promise<void> = new Promise<void>(() => undefined);

export class ScriptedReadBlob extends Blob {
  constructor(
    private readonly owned: Uint8Array,
    private readonly at: number,
    readonly script: ReadScript,
  ) {
    super([owned as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new ScriptedReadBlob(this.owned.subarray(start, end), this.at + start, this.script);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const { script } = this;
    const index = Math.floor(this.at / CHUNK);
    script.read.push(index);
    const bytes = this.owned.slice();
    return new ReadableStream({
      async start(controller) {
        if (script.hold && (script.holdAt === undefined || script.holdAt === index)) {
          script.held?.();
          await script.hold;
        }
        if (script.failAt === 'every' || script.failAt === index) {
          return controller.error(new Error('disk gone'));
        }
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
}

/**
 * A scripted Blob of TOTAL chunks whose first upload under `key` was cut off after 8 were sent:
 * the next call with `resume` checks those 8 first. Its script's reads start afresh.
 */
export async function cutOffScripted(
  h: ReturnType<typeof resumeHarness>,
  options: { operation_type: string; filename: string },
  key: string,
) {
  const script: ReadScript = { read: [] };
  const source = new ScriptedReadBlob(bytesOf(TOTAL * CHUNK), 0, script);
  const resume = { store: memoryUploadStore().store, key };
  await h.cutOff(source, { ...options, resume }, 8);
  script.read = [];
  return { source, script, resume };
}
