import { beforeAll, describe, expect, it } from 'vitest';
import { languageDetectorReady } from '../../src/analysis/detect-language.js';
import { cjkBigrams } from '../../src/analysis/cjk-bigrams.js';
import { detectLanguage } from '../../src/analysis/detect-language.js';
import { createMultilingualAnalyzer } from '../../src/analysis/multilingual-analyzer.js';
import { normalizeText } from '../../src/analysis/normalize-text.js';
import { segmentWords } from '../../src/analysis/segment-words.js';

// Queries on these indexes detect their language: the detector loads once, before the tests.
beforeAll(() => languageDetectorReady());

describe('normalizeText', () => {
  it('NFKC, lower case, accents folded on Latin/Greek/Cyrillic letters', () => {
    expect(normalizeText('Ｃａｆé ﬁle ÄRGER Ελλάδα ёлка')).toBe('cafe file arger ελλαδα елка');
  });
  it('keeps marks that spell words in other scripts, and Vietnamese accents when asked', () => {
    expect(normalizeText('ภาษาไทย हिन्दी')).toBe('ภาษาไทย हिन्दी');
    expect(normalizeText('Tiếng Việt', true)).toBe('tiếng việt');
  });
});

describe('segmentWords', () => {
  it('finds words in scripts written without spaces', () => {
    expect(segmentWords('ฉันลืมรหัสผ่าน', 'th')).toEqual(['ฉัน', 'ลืม', 'รหัส', 'ผ่าน']);
    expect(segmentWords('如何重置我的密码？', 'zh')).toContain('密码');
  });
  it('drops punctuation and spaces', () => {
    expect(segmentWords('Hello, world!')).toEqual(['Hello', 'world']);
  });
});

describe('cjkBigrams', () => {
  it('overlapping bigrams of Han/kana words; other words untouched', () => {
    expect(cjkBigrams('重置密码')).toEqual(['重置', '置密', '密码']);
    expect(cjkBigrams('码')).toEqual(['码']);
    expect(cjkBigrams('password')).toEqual(['password']);
  });
});

describe('createMultilingualAnalyzer', () => {
  const analyze = createMultilingualAnalyzer();
  it('stems with the language’s Snowball stemmer', () => {
    expect(analyze('Configuring the servers', 'en')).toEqual(['configur', 'the', 'server']);
    expect(analyze('Installieren Sie die Pakete', 'de')).toEqual(['installi', 'sie', 'die', 'paket']);
  });
  it('splits inner punctuation as FTS5 would, so identifiers match piece by piece', () => {
    expect(createMultilingualAnalyzer({ stem: false })('sync.interval E1042 /v2/files', 'en')).toEqual([
      'sync',
      'interval',
      'e1042',
      'v2',
      'files',
    ]);
  });
  it('gives Chinese and Thai text terms instead of one long token', () => {
    expect(analyze('重置密码', 'zh')).toEqual(['重置', '置密', '密码']);
    expect(createMultilingualAnalyzer({ cjk: 'words' })('如何重置我的密码', 'zh')).toContain('密码');
    expect(analyze('ลืมรหัสผ่าน', 'th')).toEqual(['ลืม', 'รหัส', 'ผ่าน']);
  });
  it('never yields FTS5 syntax: only letters, digits and marks', () => {
    for (const t of analyze('"a" AND (b OR NOT c) NEAR(d e, 2) f* ^g title:h 🙂 \u0000 \ud800'))
      expect(t).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
  });
});

describe('detectLanguage', () => {
  it('names confident languages and stays silent on codes', () => {
    expect(detectLanguage('Wie installiere ich das Paket unter Linux?')).toBe('de');
    expect(detectLanguage('パスワードの再設定')).toBe('ja');
    expect(detectLanguage('E1042')).toBeUndefined();
  });
});
