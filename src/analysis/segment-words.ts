const segmenters = new Map<string, Intl.Segmenter>();

/**
 * Words of a text by Unicode word segmentation (`Intl.Segmenter`, built into Node's ICU), which
 * finds word boundaries in scripts written without spaces (Chinese, Japanese, Thai, Khmer, Lao,
 * Burmese) from ICU's dictionaries, and behaves like a whitespace/punctuation split elsewhere.
 * Only word-like segments are kept (no punctuation, spaces or emoji).
 */
export function segmentWords(text: string, lang?: string): string[] {
  const locale = lang ?? 'und';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  const words: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) words.push(s.segment);
  return words;
}
