import { Tensor } from '@xenova/transformers';

/** What the embedder needs from a transformers.js tokenizer. */
export interface TokenizerLike {
  /** Ids with the model's special tokens ([CLS] ... [SEP]), never truncated. */
  encode(text: string): number[];
  all_special_ids: number[];
  pad_token_id: number;
}

/** A padded batch ready for the model, and which texts had to be cut. */
export interface ModelInputs {
  input_ids: Tensor;
  attention_mask: Tensor;
  /** true where the text had more than `maxTokens` tokens and the model sees only a prefix. */
  truncated: boolean[];
}

/**
 * Cuts `ids` to `maxTokens`, keeping a closing special token ([SEP], </s>) at the end.
 * transformers.js's own truncation just drops the tail, closing token included, so long texts
 * would be encoded differently from the reference (Python) tokenizers the models were trained with.
 */
export function fitIds(ids: number[], maxTokens: number, specialIds: ReadonlySet<number>): number[] {
  if (ids.length <= maxTokens) return ids;
  const last = ids[ids.length - 1];
  if (last !== undefined && specialIds.has(last) && maxTokens > 1) return [...ids.slice(0, maxTokens - 1), last];
  return ids.slice(0, maxTokens);
}

/**
 * Tokenizes texts one by one (so each text's full token count is known and truncation can be
 * reported, not hidden) and pads them into int64 tensors. token_type_ids are left out: for
 * single texts they are all zero, which is what transformers.js supplies when a model wants them.
 */
export function encodeBatch(tokenizer: TokenizerLike, texts: string[], maxTokens: number): ModelInputs {
  const specialIds = new Set(tokenizer.all_special_ids);
  const full = texts.map((t) => tokenizer.encode(t));
  const fitted = full.map((ids) => fitIds(ids, maxTokens, specialIds));
  const width = Math.max(1, ...fitted.map((ids) => ids.length));
  const ids = new BigInt64Array(texts.length * width).fill(BigInt(tokenizer.pad_token_id ?? 0));
  const mask = new BigInt64Array(texts.length * width);
  fitted.forEach((row, r) => {
    row.forEach((id, c) => {
      ids[r * width + c] = BigInt(id);
      mask[r * width + c] = 1n;
    });
  });
  const dims = [texts.length, width];
  return {
    input_ids: new Tensor('int64', ids, dims),
    attention_mask: new Tensor('int64', mask, dims),
    truncated: full.map((row) => row.length > maxTokens),
  };
}
