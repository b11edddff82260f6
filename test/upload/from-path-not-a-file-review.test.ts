// review18b: fromPath of a named pipe (or a device: /dev/stdin, `<(curl ...)`) stats as 0 bytes:
// the upload sent one empty chunk, finalized an empty media file and resolved, the pipe's bytes
// never read. fromPath now refuses what is not a regular file before anything is sent.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { fromPath } from '../../src/node.js';
import { useTempFolder } from '../support/temp-folder.js';

const folder = useTempFolder('seatpay-from-path-not-a-file-');

describe('fromPath of something that is not a regular file', () => {
  it('refuses a named pipe, naming it, rather than giving an empty File', async () => {
    const pipe = folder.in('incoming.mp4');
    execFileSync('mkfifo', [pipe]);
    const opened = fromPath(pipe);
    await expect(opened).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(opened).rejects.toThrow(
      /incoming\.mp4 is not a regular file .*\{ stream, size \}/,
    );
  });

  it('refuses a directory', async () => {
    const dir = folder.in('clips');
    await mkdir(dir);
    await expect(fromPath(dir)).rejects.toThrow(/clips is a directory/);
  });
});
