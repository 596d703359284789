import { describe, expect, it } from 'vitest';
import { codeBlocks, docPages, readDoc } from './markdown.js';

/**
 * The prose of README.md and docs/*.md renders as written (issue 43): an escaped backtick (\`)
 * outside a code block shows as a backslash and a backtick on GitHub instead of opening inline
 * code; a sentence that counts the list after it says the list's length; and the README tour
 * says what its last line does to a server `npm start` left running.
 */
const PAGES = ['README.md', ...docPages()];

/** Each line of `markdown` outside fenced code blocks, with its 1-based line number. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, i) => {
    const marker = /^\s*(```|~~~)/.exec(text)?.[1];
    if (marker && (fence === undefined || marker === fence)) fence = fence === undefined ? marker : undefined;
    else if (fence === undefined) out.push({ line: i + 1, text });
  });
  return out;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('README.md and docs/*.md', () => {
  it('hold no escaped backtick outside code blocks', () => {
    const escaped = PAGES.flatMap((page) =>
      proseLines(readDoc(page))
        .filter(({ text }) => text.includes('\\`'))
        .map(({ line, text }) => `${page}:${line}: ${text.trim()}`),
    );
    expect(escaped).toEqual([]);
  });

  it('finds an escaped backtick in prose, and none in a code block', () => {
    const page = 'Scripts: \\`eval\\` prints\n\n```sh\necho \\`date\\`\n```\n';
    expect(proseLines(page).filter(({ text }) => text.includes('\\`'))).toEqual([
      { line: 1, text: 'Scripts: \\`eval\\` prints' },
    ]);
  });

  it('the README counts the suites it then lists ("N more suites", one list item each)', () => {
    const readme = readDoc('README.md');
    const sentence = /\b(\w+)\s+more\s+suites\s+need[^:]*:\n\n((?:- [^\n]*\n(?: {2}[^\n]*\n)*)+)/i.exec(readme);
    expect(sentence).not.toBeNull();
    const items = sentence![2]!.split('\n').filter((l) => l.startsWith('- '));
    expect(NUMBER_WORDS.indexOf(sentence![1]!.toLowerCase())).toBe(items.length);
    expect(items.length).toBeGreaterThan(1);
  });

  it('the README tour: its server line says how it and a running npm start share port 8787, and the faster form is named once', () => {
    const readme = readDoc('README.md');
    const tour = readme.split('\n## A five-minute tour\n')[1]?.split('\n## ')[0] ?? '';
    const [block] = codeBlocks(tour);
    const serve = block!.code.trimEnd().split('\n').at(-1)!;
    expect(serve).toMatch(/^npx testbed serve /);
    // npm start serves on the default port; a tour server on that port too must say so.
    expect(readDoc('package.json')).toMatch(/"start": "node bin\/testbed\.js serve (?![^"]*--port)/);
    if (!serve.includes('--port')) {
      const prose = tour.slice(tour.indexOf(block!.code) + block!.code.length);
      expect(prose).toMatch(/port 8787, as\s+`npm start` does: stop [^.]*--port \d+/);
    }
    // Every command line of the README is written one way; the direct form is named once.
    const commands = codeBlocks(readme).flatMap(({ code }) =>
      code.split('\n').filter((l) => /^(npx testbed|node bin\/testbed\.js) /.test(l)),
    );
    expect(commands.filter((l) => !l.startsWith('npx testbed '))).toEqual([]);
    expect(readme.match(/`node bin\/testbed\.js \.\.\.`/g)).toHaveLength(1);
  });
});
