import { describe, expect, it } from 'vitest';
import { segments, termMatcher } from '../../../src/web/playground/highlight.js';
import { stripMarkdown } from '../../../src/web/playground/strip-markdown.js';

describe('stripMarkdown (hit text shown as plain text)', () => {
  it('drops heading markers, closing hashes included, and keeps the lines', () => {
    expect(stripMarkdown('# Installing Harbor\n\nDownload it.\n\n## Requirements ##\n###### Deep')).toBe(
      'Installing Harbor\n\nDownload it.\n\nRequirements\nDeep',
    );
    // a hash that opens no heading stays: C#, #7400, a tag
    expect(stripMarkdown('C# and F# on port #7400 #harbor')).toBe('C# and F# on port #7400 #harbor');
  });

  it('drops emphasis: bold, italic, strikethrough, with * and _', () => {
    expect(stripMarkdown('Run **as root**, *never* as __guest__; ~~old~~ _new_ ***both***')).toBe(
      'Run as root, never as guest; old new both',
    );
    // single characters, and emphasis inside a word with *
    expect(stripMarkdown('*a* and **b** and un*frigging*believable')).toBe('a and b and unfriggingbelievable');
  });

  it('leaves underscores inside words and lone asterisks alone', () => {
    expect(stripMarkdown('set max_retry_count and __init__ to 2 * 3 * 4')).toBe(
      'set max_retry_count and init to 2 * 3 * 4',
    );
    expect(stripMarkdown('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('drops the backticks of inline code and keeps the code as written', () => {
    expect(stripMarkdown('Use `harbor --port 7400` or ``a `b` c`` or `a_b*c*d*`')).toBe(
      'Use harbor --port 7400 or a `b` c or a_b*c*d*',
    );
  });

  it('drops code fences (``` and ~~~, with an info string) and keeps the code inside verbatim', () => {
    expect(stripMarkdown('Run:\n```bash\nharbor **start** # now\n- not a bullet\n```\nDone.')).toBe(
      'Run:\nharbor **start** # now\n- not a bullet\nDone.',
    );
    expect(stripMarkdown('~~~\n# kept\n~~~\n# Heading')).toBe('# kept\nHeading');
    // a longer opening fence is closed only by one at least as long
    expect(stripMarkdown('````\n```\ninner\n````\nafter')).toBe('```\ninner\nafter');
  });

  it('keeps the text of links and images, not their targets', () => {
    expect(
      stripMarkdown(
        'See [the guide](https://x.test/guide "Guide") and ![the logo](logo.png), [ref][1], <https://x.test/a>',
      ),
    ).toBe('See the guide and the logo, ref, https://x.test/a');
  });

  it('drops list bullets, block quote markers and rules; ordered lists keep their numbers', () => {
    expect(stripMarkdown('- one\n* two\n  + nested\n1. first\n> quoted **bold**\n> > deeper\n---\n***\nend')).toBe(
      'one\ntwo\n  nested\n1. first\nquoted bold\ndeeper\nend',
    );
    // a setext heading's underline goes, its text stays
    expect(stripMarkdown('Title\n=====\ntext')).toBe('Title\ntext');
  });

  it('leaves plain text as it is', () => {
    const plain = 'E1042 means the session token expired. Sign in again (it takes 5 s).';
    expect(stripMarkdown(plain)).toBe(plain);
    expect(stripMarkdown('')).toBe('');
  });

  it('the query terms are still marked in the stripped text, and no syntax is left around them', () => {
    const text = stripMarkdown('## **Session** tokens\n\n- `token` expired: see [session docs](/s)');
    expect(text).toBe('Session tokens\n\ntoken expired: see session docs');
    const parts = segments(text, termMatcher('session token', true));
    expect(parts.filter((s) => s.match).map((s) => s.text)).toEqual(['Session', 'tokens', 'token', 'session']);
    expect(parts.map((s) => s.text).join('')).toBe(text);
  });
});
