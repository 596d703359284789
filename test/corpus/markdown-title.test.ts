import { describe, expect, it } from 'vitest';
import { markdownTitle } from '../../src/corpus/markdown-title.js';

describe('markdownTitle', () => {
  it('takes the first ATX heading of any level', () => {
    expect(markdownTitle('Some text\n\n#### Deep heading\n\n# Later top heading\n')).toBe('Deep heading');
  });

  it('drops a closing hash sequence but keeps a hash that is part of a word', () => {
    expect(markdownTitle('## Release notes ##\n')).toBe('Release notes');
    expect(markdownTitle('# Learning C#\n')).toBe('Learning C#');
  });

  it('ignores "#tag" lines, over-indented lines and empty headings', () => {
    expect(markdownTitle('#tag\n    # indented code\n#\n# Real one\n')).toBe('Real one');
  });

  it('skips headings inside fenced code, with backticks or tildes', () => {
    expect(markdownTitle('~~~\n# comment\n~~~\n```sh\n# other\n```\n## After fences\n')).toBe('After fences');
  });

  it('treats an unclosed leading --- as a thematic break, not front matter', () => {
    expect(markdownTitle('---\n# Heading after a rule\n')).toBe('Heading after a rule');
  });

  it('returns undefined when there is no heading', () => {
    expect(markdownTitle('just prose\n')).toBeUndefined();
  });
});
