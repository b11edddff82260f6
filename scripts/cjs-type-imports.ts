// Runs after tsup (`npm run build`): marks the CommonJS type files' imports of ESM-only packages
// (ky, msw) with `resolution-mode: import`. Without it a `module: node16` CommonJS project with
// `skipLibCheck: false` gets TS1479 on `dist/index.d.cts`, since a CommonJS file may not
// `require` an ES module. tsup's declaration bundler keeps every dependency external and drops
// import attributes, so the mark is added here. Type imports only: no JavaScript changes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The dependencies (and optional peers) the .d.cts files import that publish no CommonJS. */
const ESM_ONLY = new Set(['ky', 'p-retry', 'msw']);

const IMPORT = /^import (?:type )?(\{[^}]*\}|\* as \w+) from '([^']+)';$/gm;

/** `source` with each import of an ESM-only package turned into a type import in import mode. */
function markEsmOnlyImports(source: string): string {
  return source.replace(IMPORT, (line, names: string, from: string) => {
    const packageName = from.startsWith('@') ? from.split('/', 2).join('/') : from.split('/')[0];
    if (!ESM_ONLY.has(packageName ?? '')) return line;
    return `import type ${names} from '${from}' with { 'resolution-mode': 'import' };`;
  });
}

const dist = join(import.meta.dirname, '..', 'dist');
for (const file of (await readdir(dist)).filter((name) => name.endsWith('.d.cts'))) {
  const path = join(dist, file);
  const source = await readFile(path, 'utf8');
  const marked = markEsmOnlyImports(source);
  if (marked !== source) await writeFile(path, marked);
}
