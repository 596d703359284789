// Plain JavaScript so the worker thread (which runs without a TypeScript loader) can import it;
// its types live in use-lite-tokens.d.mts.

/** Tokens the Universal Sentence Encoder Lite graph reads; it ignores the rest of the input. */
export const USE_LITE_MAX_TOKENS = 128;

/**
 * Characters tokenized on the first attempt. SciFact abstracts need 350-650 characters for 129
 * tokens; the tokenizer costs grow with the square of the length, so a short first attempt that
 * sometimes has to grow beats a long one every time.
 */
export const USE_LITE_FIRST_PREFIX_CHARS = 640;

/**
 * The first `maxTokens` token ids of `text`, exactly as `encode(text)` would give them, and whether
 * `encode(text)` is longer than that, without tokenizing the whole text when a prefix settles it.
 *
 * Why a prefix gives the same ids: the USE tokenizer turns every space into "▁" and picks the best
 * segmentation over the whole string (Viterbi). No vocabulary piece holds "▁" after its first
 * character, so no token can span a space: every segmentation breaks right before each space, and
 * the best one for the text is the best one for the part before a space followed by the best one
 * for the rest. A prefix cut just before a space therefore yields exactly the text's first tokens.
 * A cut anywhere else could change the last tokens of the prefix, so this cuts only there, and
 * tokenizes the whole text when it has no space past the first attempt's length.
 *
 * The prefix grows (doubling) until it yields more than `maxTokens` tokens or is the whole text.
 *
 * @param {(text: string) => number[]} encode the tokenizer (`EmbeddingsModel.tokenizer.encode`)
 * @param {string} text
 * @param {number} [maxTokens]
 * @param {number} [prefixChars] length of the first attempt, in UTF-16 code units
 * @returns {{ ids: number[], truncated: boolean }}
 */
export function firstTokenIds(
  encode,
  text,
  maxTokens = USE_LITE_MAX_TOKENS,
  prefixChars = USE_LITE_FIRST_PREFIX_CHARS,
) {
  let want = Math.max(1, prefixChars);
  let lastCut = -1;
  for (;;) {
    const cut = cutBeforeSpace(text, want);
    // A longer `want` can land on the same space again: nothing new to learn from tokenizing it.
    if (cut > lastCut) {
      lastCut = cut;
      const ids = encode(cut >= text.length ? text : text.slice(0, cut));
      if (cut >= text.length || ids.length > maxTokens) {
        return { ids: ids.slice(0, maxTokens), truncated: ids.length > maxTokens };
      }
    }
    want *= 2;
  }
}

/**
 * Where to cut `text` so that the prefix holds about `want` code units and the character at the
 * cut is a space: the last such place at or before `want`, else the first after it, else the
 * whole text. Never 0: an empty prefix would lose the "▁" the tokenizer puts before the text.
 *
 * @param {string} text
 * @param {number} want
 * @returns {number}
 */
function cutBeforeSpace(text, want) {
  if (want >= text.length) return text.length;
  let cut = text.lastIndexOf(' ', want);
  if (cut <= 0) cut = text.indexOf(' ', want + 1);
  return cut <= 0 ? text.length : cut;
}
