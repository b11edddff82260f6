import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { splitReadmeSection } from '../../docs/support/pages.js';
import type { Manifest } from './pack-and-install.js';

/** The build output users load: ESM and CJS code, types for `import` and `require` (no maps). */
const BUILD_OUTPUT = /^dist\/[\w.-]+\.(js|cjs|d\.ts|d\.cts)$/;

/**
 * The repository files the README links to (`[text](SERVICE.md)`, not `#anchors` or URLs), and
 * the files those Markdown pages link to in turn (`docs/purchases.md` → `docs/reference/...`):
 * the registry's package page and an editor resolve them inside the package, so each must be
 * shipped.
 */
export function readmeLinkedFiles(repoRoot: string): string[] {
  const found = new Set<string>();
  const pages = ['README.md'];
  for (let page = pages.pop(); page !== undefined; page = pages.pop()) {
    for (const target of relativeLinks(repoRoot, page)) {
      if (target === 'README.md' || found.has(target)) continue;
      found.add(target);
      if (target.endsWith('.md')) pages.push(target);
    }
  }
  return [...found];
}

/**
 * The relative links of one Markdown page, as paths from the repository root. A docs page's
 * README section (to be moved into README.md) links from the README's place.
 */
function relativeLinks(repoRoot: string, page: string): string[] {
  const { section, rest } = splitReadmeSection(readFileSync(join(repoRoot, page), 'utf8'));
  return [...linksOf(rest, page), ...linksOf(section, 'README.md')];
}

function linksOf(text: string, place: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => normalize(posix.join(posix.dirname(place), target)));
}

/**
 * Files the tarball must hold: the manifest, README, CHANGELOG, the license text if the
 * repository has one, every file package.json points to (main, module, types, exports, bin), and
 * every file the README links to.
 */
export function requiredFiles(manifest: Manifest, repoRoot: string): string[] {
  const licenses = readdirSync(repoRoot).filter((file) => /^licen[cs]e(\.\w+)?$/i.test(file));
  const pointedTo = [
    manifest.main,
    manifest.module,
    manifest.types,
    ...stringLeaves(manifest.exports),
    ...Object.values(manifest.bin ?? {}),
  ];
  const files = [
    'package.json',
    'README.md',
    'CHANGELOG.md',
    ...licenses,
    ...pointedTo,
    ...readmeLinkedFiles(repoRoot),
  ];
  return [...new Set(files.filter((file) => file !== undefined).map(normalize))].sort();
}

/** Files in the tarball that are neither required nor build output: nobody's install needs them. */
export function filesUsersDoNotNeed(paths: string[], required: string[]): string[] {
  return paths.filter((path) => !required.includes(path) && !BUILD_OUTPUT.test(path));
}

/**
 * Why each shipped source map would be useless: its `sources` point at src/, which is not
 * shipped, so a map helps only if it embeds every source (`sourcesContent`) and its code file
 * links to it. Also catches a code file linking to a map that was left out.
 */
export function sourceMapProblems(paths: string[], installedDir: string): string[] {
  const problems: string[] = [];
  for (const path of paths.filter((file) => file.endsWith('.map'))) {
    const code = path.slice(0, -'.map'.length);
    const map = JSON.parse(readFileSync(join(installedDir, path), 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    const missing = map.sources.filter(
      (_, index) => typeof map.sourcesContent?.[index] !== 'string',
    );
    if (missing.length > 0) problems.push(`${path} lacks the content of ${missing.join(', ')}`);
    if (!paths.includes(code)) problems.push(`${path} maps ${code}, which is not shipped`);
    else if (linkedMap(join(installedDir, code)) !== path.split('/').pop()) {
      problems.push(`${code} does not link to ${path}`);
    }
  }
  for (const code of paths.filter((file) => /\.c?js$/.test(file))) {
    const link = linkedMap(join(installedDir, code));
    const map = link && code.replace(/[^/]+$/, link);
    if (map && !paths.includes(map)) problems.push(`${code} links to ${map}, which is not shipped`);
  }
  return problems;
}

function linkedMap(codeFile: string): string | undefined {
  return /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(codeFile, 'utf8'))?.[1];
}

function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

function normalize(path: string): string {
  return path.replace(/^\.\//, '');
}
