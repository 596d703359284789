import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../src/chunking/markdown-blocks.js';
import { at } from './helpers.js';

describe('markdownBlocks', () => {
  it('splits headings, paragraphs and fenced code, keeping blank lines inside fences', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    const text = `# Title\nIntro line one\nline two.\n\n\n## Part\n${code}\n` + 'After code.\n   \nLast #not-a-heading';
    expect(markdownBlocks(text)).toEqual([
      { kind: 'heading', ...at(text, '# Title') },
      { kind: 'text', ...at(text, 'Intro line one\nline two.') },
      { kind: 'heading', ...at(text, '## Part') },
      { kind: 'code', ...at(text, code) },
      { kind: 'text', ...at(text, 'After code.') },
      { kind: 'text', ...at(text, 'Last #not-a-heading') },
    ]);
  });

  it('closes a fence only with the same character, at least as long, and nothing after', () => {
    const code = '~~~~\n```\n~~~ \n~~~~~ x\n# not a heading\n\n~~~~~';
    const text = `${code}\ntext`;
    expect(markdownBlocks(text)).toEqual([
      { kind: 'code', ...at(text, code) },
      { kind: 'text', ...at(text, 'text') },
    ]);
  });

  it('runs an unclosed fence to the end of the text', () => {
    const text = 'Para.\n```\ncode\n\nmore code\n';
    expect(markdownBlocks(text)).toEqual([
      { kind: 'text', ...at(text, 'Para.') },
      { kind: 'code', ...at(text, '```\ncode\n\nmore code') },
    ]);
  });

  it('reads CRLF line ends and headings of up to six #, indented at most three spaces', () => {
    const text = '   ###### Six\r\n####### seven\r\n    # four spaces\r\n\r\n#\r\n';
    expect(markdownBlocks(text)).toEqual([
      { kind: 'heading', ...at(text, '###### Six') },
      { kind: 'text', ...at(text, '####### seven\r\n    # four spaces') },
      { kind: 'heading', ...at(text, '#', text.indexOf('\r\n\r\n')) },
    ]);
  });
});
