import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './readme-commands.js';

/** The pages users read: the README, then every `docs/*.md` page (not `docs/reference/`). */
export function documentationPages(): string[] {
  const docs = readdirSync(join(repoRoot, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

/** Markdown without its fenced code blocks, whose brackets and `#` lines are code, not links. */
export function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1$/gm, '');
}

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation other than `-` and `_`
 * dropped, spaces as `-`, and `-1`, `-2` ... after a repeated one.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = text!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a page (`[text](target#anchor)`), code blocks left out. */
export function relativeLinks(markdown: string): { target: string; anchor?: string }[] {
  const links = [...withoutCode(markdown).matchAll(/\]\(([^)\s#]*)(?:#([^)\s]*))?\)/g)];
  return links
    .filter(([, target]) => !/^[a-z][a-z+.-]*:/i.test(target!))
    .map(([, target, anchor]) =>
      anchor === undefined ? { target: target! } : { target: target!, anchor },
    );
}
