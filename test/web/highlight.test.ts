import { jsx } from 'hono/jsx';
import { languageDetectorReady } from '../../src/analysis/detect-language.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysedMatcher } from '../../src/web/playground/analysed-matcher.js';
import { excerpt, Highlight, segments, termMatcher } from '../../src/web/playground/highlight.js';

// Queries on these indexes detect their language: the detector loads once, before the tests.
beforeAll(() => languageDetectorReady());

const marked = (text: string, query: string, stem = true) =>
  segments(text, termMatcher(query, stem))
    .filter((s) => s.match)
    .map((s) => s.text);

describe('query term highlighting', () => {
  it('marks the words of the query, case-insensitively', () => {
    expect(marked('Error E1042: the Session token expired', 'session token e1042')).toEqual([
      'E1042',
      'Session',
      'token',
    ]);
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

  // Issue 43: "can" and "after" are not stop words to the index (Lucene's list has 33 words),
  // so a question matched them and marked them in every passage.
  it('never marks the function words of a question either, though the index matches them', () => {
    const text = 'You can restore the cache after an update; after that, sync can resume.';
    expect(marked(text, 'how can I restore the cache after an update', false)).toEqual(['restore', 'cache', 'update']);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'a <b>bold</b> claim & more';
    expect(
      segments(text, termMatcher('bold claim', true))
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('escapes markup in passages: <script> is shown, never run', () => {
    const html = String(
      jsx(Highlight, {
        text: '<script>alert("token")</script> & <img src=x onerror=1>',
        matcher: termMatcher('token', true),
      }),
    );
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

describe('highlighting on a multilingual index', () => {
  // Documents per language as an index meta records them; no language has most of them.
  const index = { tokenizer: 'multilingual' as const, languages: { zh: 2, th: 1, de: 2, en: 2, ja: 1 } };
  const matcher = (query: string, qlang?: string) => analysedMatcher(query, index, qlang)!;
  const marked = (text: string, lang: string, query: string, qlang?: string) =>
    segments(text, matcher(query, qlang), lang)
      .filter((s) => s.match)
      .map((s) => s.text);

  it('Chinese: the query bigram 密码 marks the dictionary word 密码 each time it occurs', () => {
    expect(marked('如何重置您的密码：在登录页面选择忘记密码。', 'zh', '密码')).toEqual(['密码', '密码']);
  });

  it('Thai: รหัสผ่าน is two words to the segmenter, and both are marked', () => {
    expect(marked('วิธีรีเซ็ตรหัสผ่านของคุณ', 'th', 'รหัสผ่าน')).toEqual(['รหัส', 'ผ่าน']);
  });

  it('German: "Kennwort" marks "Kennwörter" (umlaut folded, then both stem to kennwort)', () => {
    expect(marked('Ich habe zwei Kennwörter vergessen.', 'de', 'Kennwort', 'de')).toEqual(['Kennwörter']);
    expect(marked('Ich habe zwei Kennwörter vergessen.', 'de', 'Passwort', 'de')).toEqual([]);
  });

  it('Japanese: パスワード (bigrams パス スワ ワー ード) and 変更 are marked, the particles are not', () => {
    expect(marked('パスワードを変更するには、設定を開きます。', 'ja', 'パスワード 変更')).toEqual([
      'パスワード',
      '変更',
    ]);
  });

  it('English text on the same index: stemmed as the index stemmed it, every character kept', () => {
    const text = 'Choose <Forgot password>; passwords expire & reset.';
    expect(marked(text, 'en', 'passwords', 'en')).toEqual(['password', 'passwords']);
    expect(
      segments(text, matcher('passwords', 'en'), 'en')
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  // Issue 26: "how to log in to a dashboard" marked every "in", "to" and "a" of a passage. The
  // multilingual index keeps stop words, but a mark on each of them hides the words that matter.
  it('never marks an English stop word (Lucene English list) in English text', () => {
    const text = 'To log in, open a dashboard in the browser.';
    // "to", "in", "a" and "the" are on the list; "log" and "dashboard" are the query's words.
    expect(marked(text, 'en', 'how to log in to a dashboard', 'en')).toEqual(['log', 'dashboard']);
  });

  it('nor a modal verb or preposition of a question in English text', () => {
    const text = 'After a reset you can log in to the dashboard.';
    expect(marked(text, 'en', 'can I log in after a reset', 'en')).toEqual(['reset', 'log']);
  });

  it('escapes markup exactly as the English highlighter does', () => {
    const html = String(jsx(Highlight, { text: '<script>密码</script> & <b>', matcher: matcher('密码'), lang: 'zh' }));
    expect(html).toBe('&lt;script&gt;<mark>密码</mark>&lt;/script&gt; &amp; &lt;b&gt;');
  });

  it('is only for pre-analysed indexes: unicode61 and porter keep the English matcher', () => {
    expect(analysedMatcher('password', { ...index, tokenizer: 'unicode61' })).toBeUndefined();
    expect(analysedMatcher('password', { ...index, tokenizer: 'porter' })).toBeUndefined();
    expect(
      segments('Installing the installer', termMatcher('install', true))
        .filter((s) => s.match)
        .map((s) => s.text),
    ).toEqual(['Installing', 'installer']);
  });
});
