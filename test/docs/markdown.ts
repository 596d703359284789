import fs from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A Markdown file of the repository, by its path from the root (`docs/cli.md`). */
export function readDoc(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}

/** Every `docs/*.md` page, as paths from the root. */
export function docPages(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
    .sort();
}

/** The text without its fenced code blocks, whose lines are neither headings nor links. */
export function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text without code blocks and inline code: what is left can hold links. */
export function proseOnly(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links `[text](target)` of the prose. */
export function linkTargets(markdown: string): string[] {
  return [...proseOnly(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** Whether a link leaves the repository (a web address, mail) rather than naming one of its files. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/**
 * The anchors of a page's headings, as GitHub makes them: lower case, punctuation (the backticks
 * of inline code too) dropped, spaces to hyphens, `-1`, `-2`... after a repeated one.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, title] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    let anchor = title!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const base = anchor;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The contents of a page's fenced code blocks, in order, with the info string each opens with (`json`, `yaml`, or ''). */
export function codeBlocks(markdown: string): { info: string; code: string }[] {
  return [...markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1]!.trim(), code: m[2]! }));
}
