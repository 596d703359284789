/**
 * How many of a corpus' chunks use-lite reads whole, per structure:N (issue 26): every chunk's
 * text as embedded (title + chunk, embed-text.ts) is counted with use-lite's own tokenizer (its
 * vocabulary, without the graph: no model is run), against its 128-token input. Also the tokens a
 * word, as chooseChunker's TOKENS_PER_WORD estimates them, at the median, 90th and 99th
 * percentile, and the chunks over the limit that are one fenced code block (the structure
 * chunker never cuts those by words, so no N makes them fit).
 *
 *   npx tsx bench/use-lite-chunk-fit.ts [--corpus corpora/demo] [--sizes 200,64,48,40,32,24]
 */
import { parseArgs } from 'node:util';
import { parseChunker } from '../src/chunking/index.js';
import { openCorpus } from '../src/corpus/index.js';
import type { Doc } from '../src/corpus/types.js';
import { USE_LITE_MAX_TOKENS } from '../src/embedders/use-lite-tokens.mjs';
import { useLiteTokenCounter } from '../src/embedders/use-lite-tokenizer.js';
import { embedText } from '../src/indexing/embed-text.js';
import { printHeader } from './lib/command.js';
import { mdTable } from './lib/markdown.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'corpora/demo' },
    sizes: { type: 'string', default: '200,64,48,40,32,24' },
  },
});

const count = useLiteTokenCounter();
const docs: Doc[] = [];
for await (const doc of (await openCorpus(values.corpus)).docs()) docs.push(doc);
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

const rows = values.sizes.split(',').map((size) => {
  const chunker = parseChunker(`structure:${size}`);
  let chunks = 0;
  let over = 0;
  let overCode = 0;
  const perWord: number[] = [];
  for (const doc of docs)
    for (const chunk of chunker.chunk(doc)) {
      chunks++;
      const text = embedText(chunk);
      const tokens = count(text);
      perWord.push(tokens / Math.max(1, text.split(/\s+/).filter(Boolean).length));
      if (tokens <= USE_LITE_MAX_TOKENS) continue;
      over++;
      if (/^\s*```[\s\S]*```\s*$/.test(chunk.text)) overCode++;
    }
  perWord.sort((a, b) => a - b);
  return [
    `structure:${size}`,
    chunks,
    over,
    `${((100 * over) / chunks).toFixed(1)}%`,
    overCode,
    at(perWord, 0.5).toFixed(2),
    at(perWord, 0.9).toFixed(2),
    at(perWord, 0.99).toFixed(2),
  ];
});

printHeader('use-lite: chunks read whole, per chunk size (issue 26)', import.meta.url);
console.log(`Corpus ${values.corpus}: ${docs.length} documents; use-lite reads ${USE_LITE_MAX_TOKENS} tokens.\n`);
console.log(
  mdTable(
    ['chunker', 'chunks', 'over 128 tokens', 'share', 'of them one code block', 'tokens/word p50', 'p90', 'p99'],
    rows,
    'lrrrrrrr',
  ),
);
