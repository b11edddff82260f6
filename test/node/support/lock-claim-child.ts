// A process that dies in the middle of taking over an abandoned resume lock, run by
// upload-store-lock-crash.full.test.ts: its `fileUploadStore` has claimed the lock's removal and is
// about to remove it when its removal of the lock file never returns (as a process stopped there
// would), and it tells its parent, which kills it there.
//
// argv: storeDir key
import { createRequire, syncBuiltinESMExports } from 'node:module';

const [storeDir, key] = process.argv.slice(2) as [string, string];
const promises = createRequire(import.meta.url)(
  'node:fs/promises',
) as typeof import('node:fs/promises');
const realRm = promises.rm;
promises.rm = ((path: Parameters<typeof realRm>[0], options?: Parameters<typeof realRm>[1]) => {
  if (!String(path).endsWith('.lock')) return realRm(path, options);
  process.send?.('removing the abandoned lock');
  return new Promise<never>(() => undefined);
}) as typeof realRm;
syncBuiltinESMExports();

const { fileUploadStore } = await import('../../../src/node.js');
await fileUploadStore(storeDir).lock!(key);
