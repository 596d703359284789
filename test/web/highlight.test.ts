import { jsx } from 'hono/jsx';
import { describe, expect, it } from 'vitest';
import { excerpt, Highlight, segments, termMatcher } from '../../src/web/playground/highlight.js';

const marked = (text: string, query: string, stem = true) => segments(text, termMatcher(query, stem)).filter((s) => s.match).map((s) => s.text);

describe('query term highlighting', () => {
  it('marks the words of the query, case-insensitively', () => {
    expect(marked('Error E1042: the Session token expired', 'session token e1042')).toEqual(['E1042', 'Session', 'token']);
  });

  it('follows the engine: stemmed for wink and porter, exact words for unicode61', () => {
    expect(marked('Installing the installer', 'install', true)).toEqual(['Installing', 'installer']);
    expect(marked('Installing the installer', 'install', false)).toEqual([]);
    expect(marked('Install it', 'install', false)).toEqual(['Install']);
    // FTS5's unicode61 folds diacritics
    expect(marked('un café noir', 'cafe', false)).toEqual(['café']);
  });

  it('never marks stop words', () => {
    expect(marked('the port of the harbor', 'the harbor')).toEqual(['harbor']);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'a <b>bold</b> claim & more';
    expect(segments(text, termMatcher('bold claim', true)).map((s) => s.text).join('')).toBe(text);
  });

  it('escapes markup in passages: <script> is shown, never run', () => {
    const html = String(jsx(Highlight, { text: '<script>alert("token")</script> & <img src=x onerror=1>', matcher: termMatcher('token', true) }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;<mark>token</mark>&quot;)&lt;/script&gt; &amp; &lt;img');
  });

  it('excerpts a long passage around its first match', () => {
    const text = `${'filler words here '.repeat(100)}the harbor port is 7400 ${'more text '.repeat(100)}`;
    const cut = excerpt(text, termMatcher('harbor', true), 200);
    expect(cut.length).toBeLessThanOrEqual(200 + 4);
    expect(cut).toContain('harbor');
    expect(cut.startsWith('… ')).toBe(true);
    expect(cut.endsWith(' …')).toBe(true);
    expect(excerpt('short text', termMatcher('x', true), 200)).toBe('short text');
  });
});
