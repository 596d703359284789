import type { Chunker } from './chunker.js';
import { markdownBlocks, type Block } from './markdown-blocks.js';
import { packUnits, type Unit } from './pack-units.js';
import { sentenceSpans } from './sentences.js';
import { spansToChunks, type Span } from './span.js';
import { slidingWindows } from './windows.js';
import { countWords, MAX_WORD_CHARS, wordSpans } from './words.js';

/**
 * `structure:MAX`: follows the document's own structure. Markdown blocks (headings, paragraphs,
 * fenced code) are packed greedily into chunks of up to `max` words; a heading always travels
 * with the block after it. A block over `max` is cut at sentence ends, and only a sentence over
 * `max` is cut by words. Code blocks are not cut for words, so one can make a chunk over `max`.
 * Every chunk is also at most `max * MAX_WORD_CHARS` characters (51,000 for structure:200):
 * the most `max` words of the longest word can take. Ordinary text never comes near it; a code
 * block or a stretch of whitespace that would exceed it is cut like prose.
 * Expects `max >= 1` (checked by `parseChunker`).
 */
export function structureChunker(max: number): Chunker {
  const maxChars = max * MAX_WORD_CHARS;
  return {
    spec: `structure:${max}`,
    maxChars,
    chunk(doc) {
      const units = markdownBlocks(doc.text).flatMap((block) => blockUnits(doc.text, block, max, maxChars));
      return spansToChunks(doc, packUnits(units, max, maxChars));
    },
  };
}

/** A block as packing units: whole if it fits in `max` (or is code) and in `maxChars`, else its pieces. */
function blockUnits(text: string, block: Block, max: number, maxChars: number): Unit[] {
  const glue = block.kind === 'heading';
  if (block.end - block.start <= maxChars) {
    const words = countWords(text, block.start, block.end);
    if (words <= max || block.kind === 'code') return [{ ...block, words, glue }];
  }
  const pieces = sentenceSpans(text, block.start, block.end).flatMap((s) => sentencePieces(text, s, max, maxChars));
  // An over-long heading is cut like prose; its last piece still leads the next block.
  return pieces.map((p, i) => ({ ...p, glue: glue && i === pieces.length - 1 }));
}

/** One sentence, or, if it alone is over `max` or `maxChars`, consecutive runs of its words within both. */
function sentencePieces(text: string, sentence: Span, max: number, maxChars: number): Omit<Unit, 'glue'>[] {
  const count = countWords(text, sentence.start, sentence.end);
  if (count <= max && sentence.end - sentence.start <= maxChars) return [{ ...sentence, words: count }];
  return slidingWindows(wordSpans(text, sentence.start, sentence.end), max, max, maxChars).map((w) => ({
    ...w,
    words: countWords(text, w.start, w.end),
  }));
}
