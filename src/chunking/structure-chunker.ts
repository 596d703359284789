import type { Chunker } from './chunker.js';
import { markdownBlocks, type Block } from './markdown-blocks.js';
import { packUnits, type Unit } from './pack-units.js';
import { sentenceSpans } from './sentences.js';
import { spansToChunks, type Span } from './span.js';
import { slidingWindows } from './windows.js';
import { countWords, wordSpans } from './words.js';

/**
 * `structure:MAX`: follows the document's own structure. Markdown blocks (headings, paragraphs,
 * fenced code) are packed greedily into chunks of up to `max` words; a heading always travels
 * with the block after it. A block over `max` is cut at sentence ends, and only a sentence over
 * `max` is cut by words. Code blocks are never cut, so one can make a chunk over `max`.
 * Expects `max >= 1` (checked by `parseChunker`).
 */
export function structureChunker(max: number): Chunker {
  return {
    spec: `structure:${max}`,
    chunk(doc) {
      const units = markdownBlocks(doc.text).flatMap((block) => blockUnits(doc.text, block, max));
      return spansToChunks(doc, packUnits(units, max));
    },
  };
}

/** A block as packing units: whole if it fits in `max` (or is code), else its pieces. */
function blockUnits(text: string, block: Block, max: number): Unit[] {
  const words = countWords(text, block.start, block.end);
  const glue = block.kind === 'heading';
  if (words <= max || block.kind === 'code') return [{ ...block, words, glue }];
  const pieces = sentenceSpans(text, block.start, block.end).flatMap((s) =>
    sentencePieces(text, s, max),
  );
  // An over-long heading is cut like prose; its last piece still leads the next block.
  return pieces.map((p, i) => ({ ...p, glue: glue && i === pieces.length - 1 }));
}

/** One sentence, or, if it alone is over `max`, consecutive runs of `max` of its words. */
function sentencePieces(text: string, sentence: Span, max: number): Omit<Unit, 'glue'>[] {
  const count = countWords(text, sentence.start, sentence.end);
  if (count <= max) return [{ ...sentence, words: count }];
  const words = wordSpans(text, sentence.start, sentence.end);
  return slidingWindows(words, max, max).map((w, i) => ({
    ...w,
    words: Math.min(max, words.length - i * max),
  }));
}
