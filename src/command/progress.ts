import type { UploadProgress } from '../index.js';
import { counted } from './counted.js';
import type { Output } from './output.js';
import { printableField } from './printable.js';

// Upload progress on stderr: a bar redrawn in place on a terminal; on a log (CI, cron) a line per
// step, at most twenty per file, so that the log stays readable. A few lines of our own: a
// library would add a dependency for one `\r`.

const WIDTH = 24;

/** Both sizes in the unit of the total: a 5 KB file in MB read "0.0/0.0 MB" from start to end. */
function sizes(loaded: number, total: number): string {
  if (total < 1024) return `${loaded}/${total} B`;
  const [unit, divisor] = total < 1_048_576 ? ['KB', 1024] : ['MB', 1_048_576];
  return `${(loaded / divisor).toFixed(1)}/${(total / divisor).toFixed(1)} ${unit}`;
}

function bar({ loadedBytes, totalBytes, chunksDone, totalChunks }: UploadProgress, label: string) {
  const share = totalBytes === 0 ? 1 : loadedBytes / totalBytes;
  const filled = Math.round(share * WIDTH);
  const percent = String(Math.floor(share * 100)).padStart(3);
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${percent}% ${sizes(loadedBytes, totalBytes)}, ${chunksDone}/${counted(totalChunks, 'chunk')}`;
}

/**
 * The `onProgress` of one file's upload, and `end()` once it is over (either way). `path` is
 * anyone's text (a file name may hold an escape sequence): shown escaped, also in the bar written
 * as is to redraw its line.
 */
export function progressOf(output: Output, path: string) {
  const label = printableField(path);
  let first = true;
  let loggedChunks = -1;
  const onProgress = (progress: UploadProgress) => {
    if (first && progress.chunksDone > 0)
      output.note(
        `${label}: resuming, ${progress.chunksDone} of ${counted(progress.totalChunks, 'chunk')} already sent`,
      );
    first = false;
    if (output.interactive) return output.raw(`\r${bar(progress, label)}`);
    const step = Math.max(1, Math.ceil(progress.totalChunks / 20));
    const { chunksDone, totalChunks } = progress;
    if (chunksDone === loggedChunks) return;
    if (chunksDone - loggedChunks < step && chunksDone !== totalChunks && loggedChunks >= 0) return;
    loggedChunks = chunksDone;
    output.note(bar(progress, label));
  };
  const end = () => output.endLine();
  return { onProgress, end };
}
