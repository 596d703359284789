import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, headingAnchors, isExternal, linkTargets, readDoc, ROOT } from './markdown.js';

const PAGES = ['README.md', ...docPages()];

/** A relative link of `page` resolved: the file it names (from the root) and its anchor, if any. */
function resolveLink(page: string, target: string): { file: string; anchor?: string } {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
  return anchor === undefined ? { file: resolved } : { file: resolved, anchor };
}

describe('the README and docs/ link together', () => {
  it('every relative link of README.md and docs/*.md names a file that exists, and a heading of it when it has an anchor', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const target of linkTargets(readDoc(page))) {
        if (isExternal(target)) continue;
        const { file, anchor } = resolveLink(page, target);
        if (!fs.existsSync(path.join(ROOT, file))) broken.push(`${page}: ${target} (no ${file})`);
        else if (anchor !== undefined && file.endsWith('.md') && !headingAnchors(readDoc(file)).has(anchor))
          broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/*.md page can be reached from README.md by following links', () => {
    const reached = new Set(['README.md']);
    const next = ['README.md'];
    for (let page = next.pop(); page !== undefined; page = next.pop()) {
      for (const target of linkTargets(readDoc(page))) {
        if (isExternal(target)) continue;
        const { file } = resolveLink(page, target);
        if (file.endsWith('.md') && !reached.has(file) && fs.existsSync(path.join(ROOT, file))) {
          reached.add(file);
          next.push(file);
        }
      }
    }
    expect(docPages().filter((page) => !reached.has(page))).toEqual([]);
  });

  it('finds the links of prose and skips those shown as code', () => {
    const text = [
      'See [the API](docs/http-api.md#errors) and [a site](https://example.org).',
      '`[not a link](nowhere.md)`',
      '```',
      '[nor this](gone.md)',
      '```',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['docs/http-api.md#errors', 'https://example.org']);
    expect(headingAnchors('# What `testbed serve` refuses\n## The map of src/\n## Usage\n## Usage\n')).toEqual(
      new Set(['what-testbed-serve-refuses', 'the-map-of-src', 'usage', 'usage-1']),
    );
  });
});
