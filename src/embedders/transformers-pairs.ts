import { Tensor } from '@xenova/transformers';
import { fitIds } from './transformers-inputs.js';

/** One (query, passage) pair as the tokenizer encodes it, before padding. */
export interface PairIds {
  input_ids: number[];
  token_type_ids?: number[];
}

/** What encodePairs needs of a transformers.js tokenizer. */
export interface PairTokenizer {
  (text: string, options: { text_pair: string; return_tensor: false }): unknown;
  all_special_ids: number[];
  pad_token_id: number;
}

export interface PairInputs {
  input_ids: Tensor;
  attention_mask: Tensor;
  token_type_ids?: Tensor;
  /** true where the pair had more than maxTokens tokens and the model reads a prefix of the passage. */
  truncated: boolean[];
}

/**
 * Tokenizes each (query, passage) pair with the model's own pair template ([CLS] q [SEP] p [SEP]
 * for BERT, <s> q </s></s> p </s> for XLM-R) and pads them into int64 tensors. Too long a pair
 * loses the end of its passage but keeps its closing special token (fitIds): transformers.js's
 * own truncation drops it, and a cross-encoder trained on pairs that always end in [SEP] scores
 * a pair without one as a different input. token_type_ids are kept where the tokenizer makes
 * them (BERT's 0 for the query, 1 for the passage), as the model was trained with them.
 */
export function encodePairs(
  tokenizer: PairTokenizer,
  query: string,
  passages: readonly string[],
  maxTokens: number,
): PairInputs {
  const specialIds = new Set(tokenizer.all_special_ids);
  const full = passages.map((p) => tokenizer(query, { text_pair: p, return_tensor: false }) as PairIds);
  const fitted = full.map(({ input_ids, token_type_ids }) => {
    const ids = fitIds(input_ids, maxTokens, specialIds);
    if (!token_type_ids) return { ids };
    // The same positions as the ids: the kept prefix and, when the last token was kept, its type.
    const types =
      ids.length === input_ids.length
        ? token_type_ids
        : [...token_type_ids.slice(0, ids.length - 1), token_type_ids[token_type_ids.length - 1]!];
    return { ids, types };
  });
  const width = Math.max(1, ...fitted.map((f) => f.ids.length));
  const ids = new BigInt64Array(passages.length * width).fill(BigInt(tokenizer.pad_token_id ?? 0));
  const mask = new BigInt64Array(passages.length * width);
  const hasTypes = fitted.some((f) => f.types);
  const types = new BigInt64Array(passages.length * width);
  fitted.forEach((f, r) => {
    f.ids.forEach((id, c) => {
      ids[r * width + c] = BigInt(id);
      mask[r * width + c] = 1n;
      if (f.types) types[r * width + c] = BigInt(f.types[c]!);
    });
  });
  const dims = [passages.length, width];
  return {
    input_ids: new Tensor('int64', ids, dims),
    attention_mask: new Tensor('int64', mask, dims),
    ...(hasTypes && { token_type_ids: new Tensor('int64', types, dims) }),
    truncated: full.map((f) => f.input_ids.length > maxTokens),
  };
}
