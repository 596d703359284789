import path from 'node:path';
import { buildIndex } from '../../indexing/build-index.js';
import { chooseChunker, DEFAULT_CHUNKER } from '../../indexing/choose-chunker.js';
import type { ProgressListener } from '../../indexing/progress.js';
import { ShippedVectorMissingError, shippedVectorsFit } from '../../indexing/shipped-embedder.js';
import { listShippedVectors, readShippedVectors } from '../../indexing/shipped-vectors.js';

/**
 * The first start of an index whose corpus ships vectors (CORPUS/vectors/, shipped-vectors.ts;
 * the demo ships use-lite's): the whole index in one build, vectors read from the first set that
 * holds one for every chunk, so dense and hybrid answer from the first request instead of after
 * minutes of embedding. False (and a notice saying why) when no set fits, the corpus or its
 * chunking having changed since they were made: the caller then builds the lexical part first
 * and embeds in the background, as for any corpus.
 */
export async function buildFromShippedVectors(
  corpus: string,
  out: string,
  onProgress: ProgressListener,
  onNotice: (message: string) => void,
): Promise<boolean> {
  for (const file of listShippedVectors(corpus)) {
    const shown = path.relative(process.cwd(), file) || file;
    let shipped: ReturnType<typeof readShippedVectors>;
    try {
      shipped = readShippedVectors(file);
    } catch (err) {
      // A broken file must not stop the server from starting: it embeds instead, and says why.
      onNotice(`shipped vectors not used: ${(err as Error).message}`);
      continue;
    }
    onNotice(
      `first start: building index from ${corpus} with the ${shipped.header.model.id} vectors shipped in ${shown} (int8, no embedding)`,
    );
    // `auto` when it is what auto chooses for their model, so the build reports the cut chunks
    // as `testbed index` would (expected, no warning) and says why it chose that chunker.
    const { model, chunker } = shipped.header;
    const named = chooseChunker(DEFAULT_CHUNKER, model).spec === chunker ? DEFAULT_CHUNKER : chunker;
    try {
      // Built straight away rather than checked first (one pass over the corpus less): a chunk
      // they lack fails the build, which leaves nothing behind.
      await buildIndex({ corpus, out, shipped, chunker: named, onProgress, onNotice });
    } catch (err) {
      if (!(err instanceof ShippedVectorMissingError)) throw err;
      const fit = await shippedVectorsFit(corpus, shipped);
      onNotice(
        `shipped vectors ${shown} not used: they hold no vector for ${fit.missing} of the ${fit.chunks} chunks (${chunker}); the corpus changed since they were made (npx tsx scripts/demo-vectors.ts makes them again)`,
      );
      continue;
    }
    return true;
  }
  return false;
}
