import type { CrossEncoder } from '../embedders/transformers-cross-encoder.js';
import type { Rerank } from './resolve-pipeline.js';
import type { Reranker } from './rerank.js';

type CrossEncoderRerank = Extract<Rerank, { type: 'cross-encoder' }>;

/**
 * Models loaded in this process, by what decides which files are read. A failed load is
 * forgotten, so the next query tries again (the model may have been put in place meanwhile).
 */
const loaded = new Map<string, Promise<CrossEncoder>>();

/**
 * transformers.js (and onnxruntime under it) is imported when a cross-encoder is first used,
 * not by every process and search worker that could use one, as the embedder registry does.
 */
function crossEncoderFor(spec: CrossEncoderRerank): Promise<CrossEncoder> {
  const modelsDir = process.env.MODELS_DIR || './models';
  const offline = process.env.TRANSFORMERS_OFFLINE === '1';
  const key = JSON.stringify([spec.model, spec.quantized, modelsDir, offline]);
  let model = loaded.get(key);
  if (!model) {
    model = import('../embedders/transformers-cross-encoder.js').then((m) =>
      m.loadCrossEncoder(spec.model, { quantized: spec.quantized, modelsDir, allowRemote: !offline }),
    );
    model.catch(() => loaded.delete(key));
    loaded.set(key, model);
  }
  return model;
}

/**
 * The local cross-encoder as a Reranker: the query paired with each candidate passage, `batch`
 * pairs per model call. The model is loaded on the first query, once per process.
 */
export function createCrossEncoderReranker(spec: CrossEncoderRerank): Reranker {
  return {
    name: spec.name,
    depth: spec.depth,
    async score(query, candidates) {
      const model = await crossEncoderFor(spec);
      const scores: number[] = [];
      for (let start = 0; start < candidates.length; start += spec.batch) {
        // ONNX Runtime for Node runs on this thread: yield between batches so a server stays responsive.
        if (start > 0) await new Promise((done) => setImmediate(done));
        scores.push(
          ...(await model.score(
            query,
            candidates.slice(start, start + spec.batch).map((c) => c.text),
          )),
        );
      }
      return scores;
    },
  };
}

/** Releases every loaded cross-encoder (tests, and a process that is done). */
export async function closeCrossEncoders(): Promise<void> {
  const all = [...loaded.values()];
  loaded.clear();
  await Promise.all(all.map(async (p) => (await p.catch(() => undefined))?.close()));
}
