import { describe, expect, it } from 'vitest';
import { encodeBatch, fitIds, type TokenizerLike } from '../../src/embedders/transformers-inputs.js';

const CLS = 101;
const SEP = 102;
const PAD = 0;

/** A stand-in tokenizer: one id per word (its length + 1000), wrapped in [CLS] ... [SEP]. */
const tokenizer: TokenizerLike = {
  encode: (text) => [
    CLS,
    ...text
      .split(' ')
      .filter(Boolean)
      .map((w) => 1000 + w.length),
    SEP,
  ],
  all_special_ids: [PAD, CLS, SEP],
  pad_token_id: PAD,
};

describe('fitIds', () => {
  const specials = new Set([CLS, SEP]);

  it('leaves ids that fit untouched', () => {
    const ids = [CLS, 5, 6, SEP];
    expect(fitIds(ids, 4, specials)).toBe(ids);
  });

  it('cuts to maxTokens keeping the closing special token last', () => {
    const ids = [CLS, 5, 6, 7, 8, SEP];
    const fitted = fitIds(ids, 4, specials);
    expect(fitted).toHaveLength(4);
    expect(fitted).toEqual([...ids.slice(0, 3), SEP]);
  });

  it('cuts plainly when the sequence does not end in a special token', () => {
    expect(fitIds([5, 6, 7, 8], 2, specials)).toEqual([5, 6]);
  });
});

describe('encodeBatch', () => {
  it('pads to the longest text with the pad id and masks the padding out', () => {
    const texts = ['a bb ccc', 'dddd'];
    const { input_ids, attention_mask, truncated } = encodeBatch(tokenizer, texts, 16);
    const lengths = texts.map((t) => tokenizer.encode(t).length);
    const width = Math.max(...lengths);
    expect(input_ids.dims).toEqual([2, width]);
    expect(attention_mask.dims).toEqual([2, width]);
    texts.forEach((text, r) => {
      const row = Array.from(input_ids.data.slice(r * width, (r + 1) * width) as BigInt64Array, Number);
      const mask = Array.from(attention_mask.data.slice(r * width, (r + 1) * width) as BigInt64Array, Number);
      const ids = tokenizer.encode(text);
      expect(row).toEqual([...ids, ...Array(width - ids.length).fill(PAD)]);
      expect(mask).toEqual([...ids.map(() => 1), ...Array(width - ids.length).fill(0)]);
    });
    expect(truncated).toEqual([false, false]);
  });

  it('reports which texts were longer than maxTokens and never feeds more than that', () => {
    const long = 'w '.repeat(20);
    const { input_ids, truncated } = encodeBatch(tokenizer, ['short', long], 8);
    expect(truncated).toEqual([false, true]);
    expect(input_ids.dims).toEqual([2, 8]);
    expect(Number((input_ids.data as BigInt64Array)[2 * 8 - 1])).toBe(SEP);
  });
});
