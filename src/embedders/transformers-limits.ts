/** Used when neither the tokenizer nor the config states a limit: BERT's, the common case. */
const FALLBACK_MAX_TOKENS = 512;

/**
 * Hugging Face writes a huge placeholder (int(1e30)) as model_max_length when a tokenizer has
 * no real limit; anything this large is treated as "not stated".
 */
const UNSET_LIMIT = 1_000_000;

// These architectures number positions from pad_token_id + 1, so a table of 514 rows holds
// 512 tokens.
const OFFSET_POSITIONS = new Set(['roberta', 'xlm-roberta', 'camembert', 'mpnet']);

/**
 * The longest input, in tokens including special tokens, that the model reads whole: the
 * tokenizer's model_max_length, capped by the position table in the config (a model cannot
 * read past its last position embedding, whatever the tokenizer says).
 */
export function maxTokensOf(tokenizerMax: unknown, config: Record<string, unknown>): number {
  const limits: number[] = [];
  if (isLimit(tokenizerMax)) limits.push(tokenizerMax);
  const positions = config.max_position_embeddings;
  if (isLimit(positions)) {
    const modelType = typeof config.model_type === 'string' ? config.model_type : '';
    const pad = typeof config.pad_token_id === 'number' ? config.pad_token_id : 1;
    limits.push(OFFSET_POSITIONS.has(modelType) ? positions - pad - 1 : positions);
  }
  return limits.length > 0 ? Math.min(...limits) : FALLBACK_MAX_TOKENS;
}

function isLimit(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > 2 && n < UNSET_LIMIT;
}
