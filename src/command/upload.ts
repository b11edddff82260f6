import {
  AbortError,
  APIError,
  ConnectionError,
  InvalidRequestError,
  UploadError,
  UploadMayExistError,
  type MediaMeta,
  type SeatpayClient,
} from '../index.js';
import { stat } from 'node:fs/promises';
import { AdvisedError } from './advised-error.js';
import { finalizeOutcome } from './finalize-outcome.js';
import { fileUploadStore, fromPath } from '../node.js';
import { readArguments, wholeNumber } from './arguments.js';
import { GLOBAL_HELP, type Command } from './command.js';
import { clientOf, type Context } from './context.js';
import { DONE, exitCodeOf, INTERRUPTED, UNSETTLED, type ExitCode } from './exit-codes.js';
import { printableField } from './printable.js';
import { progressOf } from './progress.js';
import { refuseResumeDirFile, unknownOperationType, unreachedService } from './upload-checks.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  'operation-type': { type: 'string', default: 'media' },
  'resume-dir': { type: 'string' },
  concurrency: { type: 'string' },
  mime: { type: 'string' },
  meta: { type: 'string' },
  'check-digest': { type: 'boolean' },
} as const;

const HELP = `seatpay upload: upload files in chunks (progress on stderr), resumable.

Usage: seatpay upload <file>... [--operation-type media] [--resume-dir <dir>]
                      [--check-digest]

Options:
      --operation-type <type>  the operation type (default media; the message of
                               a mistyped one lists the service's)
      --resume-dir <dir>       a folder to record each sent chunk in: after
                               Ctrl-C or a crash, the same command sends only
                               what is missing (less the files it made)
      --concurrency <n>        chunks in flight per file (default 4)
      --mime <type>            the files' MIME type (default: by extension)
      --meta <json>            the files' meta, a JSON object; the deployed
                               server requires it for media (and --academy
                               <id>: it takes media only for an academy):
        '{"slug":"intro","name":"Intro","categories":["video"],"academy":1}'
      --check-digest           check that the service named the file it made by
                               this file's md5 (a file of other bytes fails,
                               exit 1); on with --profile deployed

${GLOBAL_HELP}

Exit codes: 0 done, 1 failed, 2 usage mistake, 3 the file may exist (its
finalize was answered 5xx or not at all): check the service for it before
uploading it again, 130 stopped by Ctrl-C (run it again to resume).
`;

type Settings = {
  operation_type: string;
  concurrency?: number;
  resume?: { store: ReturnType<typeof fileUploadStore> };
  mime?: string;
  meta?: MediaMeta;
  checkDigest?: boolean;
};

/** `--meta`: a JSON object, checked before anything is sent (the upload checks its fields). */
function metaOf(text: string): MediaMeta {
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    meta = undefined;
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new UsageError(
      `--meta takes a JSON object, such as '{"slug":"intro","name":"Intro","categories":["video"],"academy":1}'`,
    );
  }
  return meta as MediaMeta;
}

async function uploadOne(
  client: SeatpayClient,
  path: string,
  settings: Settings,
  context: Context,
) {
  const source = await openSource(path);
  const progress = progressOf(context.output, path);
  try {
    const record = await client.media.upload(source, {
      ...settings,
      signal: context.signal,
      onProgress: progress.onProgress,
    });
    context.output.item(
      { file: path, media: record },
      `${printableField(path)}: media file ${record.id ?? '?'} (${printableField(String(record.status ?? '?'))})`,
    );
  } finally {
    progress.end();
  }
}

async function openSource(path: string): Promise<File> {
  // `-` is stdin for the other flags (input-file.ts); a pipe has no size to chunk by.
  if (path === '-')
    throw new UsageError(
      '- (stdin) cannot be uploaded: a pipe has no size to chunk by; save it to a file and upload that',
    );
  return fromPath(path).catch((error: Error) => {
    // A pipe (`<(curl ...)`), a device or a directory: no size to chunk by.
    if (error instanceof InvalidRequestError && error.cause === undefined)
      throw new UsageError(
        `${path} is not a regular file (a pipe, a device, a directory): save it to a file and upload that`,
      );
    const failed = (error.cause ?? error) as NodeJS.ErrnoException;
    throw new UsageError(
      `${path} cannot be read (${failed.code ?? failed.message}); check the path`,
    );
  });
}

async function run(argv: readonly string[], context: Context): Promise<ExitCode> {
  const { values, positionals: files } = readArguments(argv, OPTIONS);
  if (!files.length) throw new UsageError('upload needs at least one <file>');
  const dir = values['resume-dir'];
  const settings: Settings = {
    operation_type: values['operation-type'],
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: wholeNumber('--concurrency', values.concurrency, 1, 64) }),
    ...(dir === undefined ? {} : { resume: { store: fileUploadStore(dir) } }),
    ...(values.mime === undefined ? {} : { mime: values.mime }),
    ...(values.meta === undefined ? {} : { meta: metaOf(values.meta) }),
    // Off by default under 'spec' (a server that may name files otherwise): the client decides.
    ...(values['check-digest'] ? { checkDigest: true } : {}),
  };
  // A mistyped path refused before any file is sent: run again fixed, none is sent twice.
  if (dir !== undefined) await refuseResumeDirFile(dir);
  for (const path of files) await openSource(path);
  await refuseSameFileTwice(files);
  const client = await clientOf(values, context);
  for (const [at, path] of files.entries()) {
    try {
      await uploadOne(client, path, settings, context);
    } catch (error) {
      // Every note and advice after it says to run it with the rest only (review19b: Ctrl-C
      // without --resume-dir, or while finalize was out, named no file made).
      if (at > 0) context.output.note(`seatpay: ${madeBefore(files, at)}`);
      const type = settings.operation_type;
      const unknownType = await unknownOperationType(error, type, client, context.signal);
      if (unknownType) throw unknownType;
      const rerun = at === 0 ? 'the same command' : `the command with ${restOf(files, at)} only`;
      if (!(error instanceof AbortError))
        throw await uploadAdvice(error, path, dir, context.signal, rerun);
      // Stopped while finalize was out: the file may exist, and a run without a record sends it again.
      const again = error.mayHaveBeenProcessed
        ? 'it was being finalized, so the file may exist: check the service for it before uploading it again'
        : dir === undefined
          ? `add --resume-dir <dir> to ${rerun} to be able to resume`
          : `run ${rerun} again${at === 0 ? '' : ' (with the same --resume-dir)'} to send only what is missing`;
      context.output.note(`seatpay: upload of ${printableField(path)} stopped by Ctrl-C; ${again}`);
      return INTERRUPTED;
    }
  }
  return DONE;
}

/**
 * A file named twice (`seatpay upload talk.mp4 *.mp4`, `a ./a`) would be uploaded twice, and the
 * advice after a failure between the two ("run it again with b a only") sends it again.
 */
async function refuseSameFileTwice(files: readonly string[]): Promise<void> {
  const seen = new Map<string, string>();
  for (const path of files) {
    // As bigints: an NTFS or network file system's 64-bit file ids past 2^53 read as Numbers
    // round to one value, and two files would be taken for one.
    const { dev, ino } = await stat(path, { bigint: true });
    const id = `${dev}:${ino}`;
    const first = seen.get(id);
    if (first !== undefined && ino !== 0n)
      throw new UsageError(
        `${printableField(first)} and ${printableField(path)} are the same file: name it once (nothing was sent)`,
      );
    seen.set(id, path);
  }
}

/** The files before `files[at]` were made: a run again names the others only. */
function madeBefore(files: readonly string[], at: number): string {
  const done = files.slice(0, at).map(printableField).join(', ');
  const rest = restOf(files, at);
  const [is, it] = at === 1 ? ['is', 'it'] : ['are', 'them'];
  return `${done} ${is} uploaded (listed above): run it again with ${rest} only; the same command would upload ${it} again`;
}

/** `files[at]` and the files after it, as typed on a command line. */
function restOf(files: readonly string[], at: number): string {
  return files.slice(at).map(printableField).join(' ');
}

/**
 * What the operator types after an upload whose finalize may have landed: the SDK's error speaks of
 * `resume` and a record the command never names.
 */
async function uploadAdvice(
  error: unknown,
  path: string,
  dir: string | undefined,
  signal: AbortSignal,
  rerun: string,
): Promise<unknown> {
  const file = printableField(path);
  const unreached = unreachedService(error, file);
  if (unreached) return new AdvisedError(error, `run ${rerun} again once it answers`, unreached);
  if (error instanceof UploadMayExistError)
    return new AdvisedError(
      error,
      `check the service for the file first; if it is not there, run ${rerun} without --resume-dir (${file} is sent whole, as a new upload), or delete the record of ${file} in ${printableField(dir ?? '--resume-dir')} (the .json file whose "filename" names it)`,
      // The SDK's own message ends "upload again without resume, or delete its resume record".
      {
        said: `${file} (uploaded as "${printableField(error.uploadName)}") was finalized by an earlier run that never learned whether the file was made (no answer came, or one that does not say), so the file may already exist on the service; it was not finalized again (that could make a second copy)`,
      },
    );
  const refusal = error instanceof Error && !(error instanceof APIError) ? error.cause : error;
  if (refusal instanceof APIError && refusal.code === 'missing-required-meta-key')
    return new AdvisedError(
      error,
      `give the files' meta with --meta '<json>', every key the service names in it (media on the deployed server: '{"slug":"intro","name":"Intro","categories":["video"],"academy":1}')`,
    );
  // The SDK tells a resume whose chunks were dropped from a call that sent them all just now.
  if (refusal instanceof APIError && refusal.code === 'some-chunks-not-found') {
    const deleted = `so nothing was finalized${dir === undefined ? '' : ' and its record is deleted'}`;
    return error instanceof UploadError && error.sentEveryChunk
      ? new AdvisedError(
          error,
          `running ${rerun} again sends ${file} whole and may fail the same way: if it does, report the service's answer to its operators`,
          {
            said: `the service acknowledged every chunk of ${file} this run sent, then answered finalize that chunks are missing, ${deleted}`,
          },
        )
      : new AdvisedError(error, `run ${rerun} again: ${file} is then sent whole`, {
          said: `the service no longer holds the chunks of ${file} it acknowledged (it drops those of an upload left unfinished), ${deleted}`,
        });
  }
  if (exitCodeOf(error) === UNSETTLED && wroteToService(error)) {
    // The SDK's word for a lost answer speaks of `resume`: the POST's own error is said instead.
    const lost = error instanceof ConnectionError ? error.cause : undefined;
    return new AdvisedError(
      error,
      `${file} ${await finalizeOutcome(error, path, signal)}: check the service for the file before uploading it again${dir === undefined ? '' : `; ${rerun} (with --resume-dir) never finalizes it twice`}`,
      lost instanceof ConnectionError ? { said: printableField(lost.message) } : {},
    );
  }
  // The SDK says "the file": of several, the line names which one failed (the ones before it
  // are listed on stdout, the ones after it were not sent).
  if (error instanceof UsageError || exitCodeOf(error) === INTERRUPTED) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AdvisedError(error, '', {
    said: `${file}: ${printableField(message.replace(/\s*\n\s*/g, '; '))}`,
  });
}

/**
 * The failure is a write's (finalize: the one write of an upload whose lost answer reaches here
 * unwrapped), not the operation type's read, which leaves nothing finalized.
 */
function wroteToService(error: unknown): boolean {
  const { method } = error as { method?: unknown };
  return typeof method === 'string' && method !== 'GET';
}

export const upload: Command = {
  name: 'upload',
  summary: 'upload files in chunks, resumable',
  help: HELP,
  run,
};
