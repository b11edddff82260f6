import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/readme-commands.js';
import { documentationPages, headingAnchors, relativeLinks } from './support/pages.js';

// The README and its docs/ pages link to each other with relative links, so that they work on
// GitHub, on the registry's page (which resolves them through `repository`) and inside the
// installed package. Every such link must land on a file, and every `#anchor` on a heading of
// the page it names, as GitHub spells heading anchors.

const pages = documentationPages();
const read = (page: string) => readFileSync(join(repoRoot, page), 'utf8');

/** What is wrong with each relative link of `page`: a missing file or a missing heading. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const { target, anchor } of relativeLinks(read(page))) {
    const file = target === '' ? page : posix.join(posix.dirname(page), target);
    const path = join(repoRoot, file);
    if (!existsSync(path)) {
      broken.push(`${page}: ${target} (no such file)`);
      continue;
    }
    const isPage = file.endsWith('.md') && statSync(path).isFile();
    if (anchor !== undefined && isPage && !headingAnchors(read(file)).has(anchor)) {
      broken.push(`${page}: ${target}#${anchor} (no such heading in ${file})`);
    }
  }
  return broken;
}

describe('the README and the docs pages, their relative links', () => {
  it('reads the README and every docs page', () => {
    expect(pages[0]).toBe('README.md');
    expect(pages).toContain('docs/purchases.md');
    expect(dirname(pages.at(-1)!)).toBe('docs');
  });

  it('spells anchors as GitHub does', () => {
    const anchors = headingAnchors(
      '# A `key` and a journal\n## Errors: what, and why\n## Errors: what, and why\n',
    );
    expect([...anchors]).toEqual([
      'a-key-and-a-journal',
      'errors-what-and-why',
      'errors-what-and-why-1',
    ]);
  });

  it.each(pages)('%s: every relative link lands on a file and a heading', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('a link to a missing heading is caught', () => {
    const links = relativeLinks('see [x](docs/purchases.md#no-such-heading) and [y](#z)');
    expect(links).toEqual([
      { target: 'docs/purchases.md', anchor: 'no-such-heading' },
      { target: '', anchor: 'z' },
    ]);
    expect(headingAnchors(read('docs/purchases.md')).has('no-such-heading')).toBe(false);
  });
});
