import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropDuplicates, normalizeQuestion } from '../../src/gold/question-duplicates.js';

const same = (s: string) => s;

describe('normalizeQuestion', () => {
  it('folds case, NFKC forms, punctuation, symbols and white space', () => {
    expect(normalizeQuestion('  How do I\treset my PASSWORD?! ')).toBe('how do i reset my password');
    // Fullwidth letters and the fi ligature fold under NFKC; "e-mail" loses its hyphen.
    expect(normalizeQuestion('Ｗｈｙ ﬁle e-mail (again)…')).toBe('why file e mail again');
    expect(normalizeQuestion('?!…')).toBe('');
  });
});

describe('dropDuplicates', () => {
  it('keeps the first of each repeated question and says which kept one each dropped question repeats', () => {
    const items = [
      'how do I reset my password',
      'How do I reset my password?', // the same once normalised
      'how do I reset my password now', // 6 of 7 words: Jaccard 6/7 ≈ 0.857
      'password reset how do I my', // the same word set in another order: Jaccard 1
      'how to reset a password', // {how, reset, password} shared of 8: 3/8
    ];
    const out = dropDuplicates(items, same);
    expect(out.kept).toEqual(['how do I reset my password', 'how to reset a password']);
    expect(out.exact).toEqual([{ item: items[1], of: items[0] }]);
    expect(out.near).toEqual([
      { item: items[2], of: items[0] },
      { item: items[3], of: items[0] },
    ]);
  });

  it('puts the line at 4/5: Jaccard 4/5 is dropped, 3/4 kept', () => {
    // a b c d vs a b c d e: 4 shared of 5 -> 0.8, near. a b c vs a b c d: 3/4 = 0.75, kept.
    expect(dropDuplicates(['a b c d', 'a b c d e'], same).near).toHaveLength(1);
    expect(dropDuplicates(['a b c', 'a b c d'], same).near).toHaveLength(0);
    // 12 of 15 words shared: 0.8 exactly, where 0.8 * 15 in floating point is 12.000000000000002.
    const fifteen = Array.from({ length: 15 }, (_, i) => `w${i}`);
    const twelve = fifteen.slice(0, 12);
    expect(dropDuplicates([fifteen.join(' '), twelve.join(' ')], same).near).toHaveLength(1);
  });

  it('finds the same near-duplicates as comparing every question with every kept one', () => {
    // Few words, so many pairs cross the threshold and prefix filtering is put to the test.
    const question = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(fc.array(question, { maxLength: 30 }), (lists) => {
        const items = lists.map((words) => words.join(' '));
        expect(dropDuplicates(items, same)).toEqual(bruteForce(items));
      }),
    );
  });
});

/** Every question against every kept one, in order, by the definition: the reference the indexed version must match. */
function bruteForce(items: string[]) {
  const kept: string[] = [];
  const exact: { item: string; of: string }[] = [];
  const near: { item: string; of: string }[] = [];
  const words = (s: string) => new Set(normalizeQuestion(s).split(' '));
  for (const item of items) {
    const twin = kept.find((k) => normalizeQuestion(k) === normalizeQuestion(item));
    if (twin !== undefined) {
      exact.push({ item, of: twin });
      continue;
    }
    const a = words(item);
    const close = kept.find((k) => {
      const b = words(k);
      const shared = [...a].filter((w) => b.has(w)).length;
      return shared / (a.size + b.size - shared) >= 0.8 - 1e-12;
    });
    if (close !== undefined) near.push({ item, of: close });
    else kept.push(item);
  }
  return { kept, exact, near };
}
