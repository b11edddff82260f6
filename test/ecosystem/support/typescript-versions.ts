import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installCached } from '../../package/support/install-cached.js';
import { repoRoot } from '../../package/support/pack-and-install.js';

/** A TypeScript compiler to check the consumers with: its name and the script that runs tsc. */
export interface TypeScriptVersion {
  name: string;
  tsc: string;
}

/** The TypeScripts users compile with besides the repository's own (6): 5.9 and 7. */
const OTHER_VERSIONS = { 'typescript-5.9': 'typescript@5.9', 'typescript-7': 'typescript@7' };

/**
 * The repository's TypeScript, and 5.9 and 7 from the npm registry, installed once into
 * .tmp/typescripts and reused (as dev dependencies their `tsc` bins would clobber each other,
 * toolchain.md pitfall 6).
 */
export async function typeScriptVersions(): Promise<TypeScriptVersion[]> {
  const dir = join(repoRoot, '.tmp', 'typescripts');
  const tscOf = (name: string) => join(dir, 'node_modules', name, 'bin', 'tsc');
  const names = Object.keys(OTHER_VERSIONS);
  await installCached(
    dir,
    Object.entries(OTHER_VERSIONS).map(([alias, spec]) => `${alias}@npm:${spec}`),
    () => Promise.resolve(names.every((name) => existsSync(tscOf(name)))),
  );
  return [
    {
      name: "TypeScript 6 (the repository's)",
      tsc: join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
    },
    { name: 'TypeScript 5.9', tsc: tscOf('typescript-5.9') },
    { name: 'TypeScript 7', tsc: tscOf('typescript-7') },
  ];
}
