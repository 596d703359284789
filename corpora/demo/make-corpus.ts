/**
 * Builds corpus.jsonl (BEIR layout) from the hand-written pages of the demo corpus.
 *
 *   npx tsx corpora/demo/make-corpus.ts
 *
 * Reads pages/**\/*.md in plain code-unit order of their ids, takes each page's title from its
 * first line (`# Title`) and its language from languages.json (pages not listed are English),
 * and writes one JSON line per page. The output depends only on the pages and languages.json,
 * so running it twice gives the same bytes; check-corpus.ts relies on that.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DIR = dirname(fileURLToPath(import.meta.url));
export const PAGE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const TITLE_LINE = /^# (\S.*?)\s*$/;

export interface Page {
  id: string;
  title: string;
  text: string;
  language: string;
}

/** Page ids under `pagesDir`, recursively, sorted by code unit (the same on every machine). */
export function listPageIds(pagesDir: string, prefix = ''): string[] {
  const ids: string[] = [];
  for (const entry of readdirSync(join(pagesDir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) ids.push(...listPageIds(pagesDir, rel));
    else if (entry.name.endsWith('.md')) ids.push(rel.slice(0, -'.md'.length));
  }
  return prefix ? ids : ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function readLanguages(dir: string): Record<string, string> {
  return JSON.parse(readFileSync(join(dir, 'languages.json'), 'utf8')) as Record<string, string>;
}

/** Reads and validates every page; throws on the first malformed one. */
export function readPages(dir: string = DEMO_DIR): Page[] {
  const languages = readLanguages(dir);
  const pagesDir = join(dir, 'pages');
  const ids = listPageIds(pagesDir);
  const known = new Set(ids);
  for (const id of Object.keys(languages)) {
    if (!known.has(id)) throw new Error(`languages.json names "${id}", which has no page`);
  }
  return ids.map((id) => {
    if (!PAGE_ID.test(id)) throw new Error(`page id "${id}" is not lowercase letters, digits and hyphens`);
    const text = readFileSync(join(pagesDir, `${id}.md`), 'utf8');
    if (text.includes('\r')) throw new Error(`pages/${id}.md has CR line endings; use LF`);
    const firstLine = text.split('\n', 1)[0] ?? '';
    const title = TITLE_LINE.exec(firstLine)?.[1];
    if (title === undefined) throw new Error(`pages/${id}.md must start with a "# Title" line`);
    return { id, title, text, language: languages[id] ?? 'en' };
  });
}

/** The corpus.jsonl content for the pages: one line per page, "\n" after each. */
export function renderCorpus(pages: Page[]): string {
  return pages
    .map((p) => JSON.stringify({ _id: p.id, title: p.title, text: p.text, metadata: { language: p.language } }) + '\n')
    .join('');
}

export function buildCorpus(dir: string = DEMO_DIR): string {
  return renderCorpus(readPages(dir));
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const pages = readPages();
  writeFileSync(join(DEMO_DIR, 'corpus.jsonl'), renderCorpus(pages));
  console.log(`wrote corpus.jsonl: ${pages.length} documents`);
}
