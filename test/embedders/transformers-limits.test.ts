import { describe, expect, it } from 'vitest';
import { maxTokensOf } from '../../src/embedders/transformers-limits.js';

describe('maxTokensOf', () => {
  it('takes the tokenizer limit when the position table is larger', () => {
    expect(maxTokensOf(256, { model_type: 'bert', max_position_embeddings: 512 })).toBe(256);
  });

  it('caps the tokenizer limit by the position table', () => {
    expect(maxTokensOf(1024, { model_type: 'bert', max_position_embeddings: 512 })).toBe(512);
  });

  it("ignores Hugging Face's huge 'no limit' placeholder and a missing limit", () => {
    expect(maxTokensOf(1e30, { model_type: 'bert', max_position_embeddings: 512 })).toBe(512);
    expect(maxTokensOf(undefined, { model_type: 'bert', max_position_embeddings: 128 })).toBe(128);
  });

  it('subtracts the position offset of roberta-style models', () => {
    const config = { model_type: 'xlm-roberta', max_position_embeddings: 514, pad_token_id: 1 };
    expect(maxTokensOf(undefined, config)).toBe(512);
    expect(maxTokensOf(1e30, config)).toBe(512);
  });

  it('falls back to a BERT-sized limit when nothing states one', () => {
    expect(maxTokensOf(undefined, {})).toBe(512);
  });
});
