import { describe, expect, it } from 'vitest';
import { exactTokens, missCause, termOverlap } from '../../src/experiments/miss-cause.js';

describe('exactTokens', () => {
  it('keeps codes, versions, keys, paths and all-caps codes; drops plain words', () => {
    expect(exactTokens('what does error E1042 mean')).toEqual(['E1042']);
    expect(exactTokens("what's new in 3.2.0?")).toEqual(['3.2.0']);
    expect(exactTokens('set sync.interval and storage_quota')).toEqual(['sync.interval', 'storage_quota']);
    expect(exactTokens('POST /v2/files fails')).toEqual(['POST', '/v2/files']);
    expect(exactTokens('how do I reset my password')).toEqual([]);
  });
});

describe('termOverlap', () => {
  it('is the share of analysed query terms found in the text (stemmed, stop words out)', () => {
    // query terms: reset, password (stems), "how", "do", "i", "my" ... stop words in Lucene's list only: "my" is not
    expect(termOverlap('resetting passwords', 'You can reset a password here')).toBe(1);
    expect(termOverlap('resetting passwords', 'Sign in again with your credentials')).toBe(0);
  });
});

describe('missCause', () => {
  const gold = ['Error E1042: the session token expired. Sign in again.'];
  it('a chunk-boundary answer wins over everything else', () => {
    expect(missCause('E1042', gold, ['token expired'], true)).toBe('chunk-boundary');
  });
  it('an exact token the gold document contains', () => {
    expect(missCause('what is e1042', gold, [], true)).toBe('exact-token');
  });
  it('few shared terms, or nothing retrieved at all, is a vocabulary mismatch', () => {
    expect(missCause("can't log in", gold, [], true)).toBe('vocabulary-mismatch');
    expect(missCause('session token expired', gold, [], false)).toBe('vocabulary-mismatch');
  });
  it('otherwise the gold document was retrieved but ranked below context_k', () => {
    expect(missCause('session token expired', gold, [], true)).toBe('ranked-too-low');
  });
});
