import { readFile } from 'node:fs/promises';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/**
 * publint's findings on the packed tarball, one readable line each: every level (errors,
 * warnings and suggestions), with `strict` as the CLI's `--strict` would run it.
 */
export async function publintMessages(tarballPath: string): Promise<string[]> {
  const bytes = await readFile(tarballPath);
  const tarball = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(tarball).set(bytes);
  const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion', strict: true });
  return messages.map(
    (message) =>
      `${message.type} ${message.code}: ${formatMessage(message, pkg, { color: false }) ?? JSON.stringify(message.args)}`,
  );
}
