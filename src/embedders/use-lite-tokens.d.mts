// Types for use-lite-tokens.mjs (TypeScript reads declarations of a .mjs file only from a .d.mts).

/** Tokens the Universal Sentence Encoder Lite graph reads; it ignores the rest of the input. */
export declare const USE_LITE_MAX_TOKENS: number;

/** Characters tokenized on the first attempt before the prefix grows. */
export declare const USE_LITE_FIRST_PREFIX_CHARS: number;

/**
 * The first `maxTokens` token ids of `text`, exactly as `encode(text)` would give them, and whether
 * `encode(text)` is longer, tokenizing only a prefix cut before a space when that settles it.
 */
export declare function firstTokenIds(
  encode: (text: string) => number[],
  text: string,
  maxTokens?: number,
  prefixChars?: number,
): { ids: number[]; truncated: boolean };
