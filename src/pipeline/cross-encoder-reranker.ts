import type { CrossEncoder } from '../embedders/transformers-cross-encoder.js';
import type { Rerank } from './resolve-pipeline.js';
import { LoadedModels } from './loaded-models.js';
import type { Reranker } from './rerank.js';

type CrossEncoderRerank = Extract<Rerank, { type: 'cross-encoder' }>;

/**
 * Cross-encoders a process keeps loaded, the most recently used: which model reranks is a
 * request's choice (served, among the models on the machine: model-downloads.ts), and each holds
 * tens to hundreds of MB (ms-marco-MiniLM-L-6: 23 MB quantized, 90 MB not) outside the JS heap.
 */
export const CROSS_ENCODERS_KEPT = 4;

/**
 * Models loaded in this process, by what decides which files are read. A failed load is
 * forgotten, so the next query tries again (the model may have been put in place meanwhile).
 */
const loaded = new LoadedModels<CrossEncoder>(CROSS_ENCODERS_KEPT);

/**
 * transformers.js (and onnxruntime under it) is imported when a cross-encoder is first used,
 * not by every process and search worker that could use one, as the embedder registry does.
 */
function withCrossEncoder<R>(spec: CrossEncoderRerank, use: (model: CrossEncoder) => Promise<R>): Promise<R> {
  const modelsDir = process.env.MODELS_DIR || './models';
  const offline = process.env.TRANSFORMERS_OFFLINE === '1';
  const key = JSON.stringify([spec.model, spec.quantized, modelsDir, offline]);
  const load = () =>
    import('../embedders/transformers-cross-encoder.js').then((m) =>
      m.loadCrossEncoder(spec.model, { quantized: spec.quantized, modelsDir, allowRemote: !offline }),
    );
  return loaded.with(key, load, use);
}

/**
 * The local cross-encoder as a Reranker: the query paired with each candidate passage, `batch`
 * pairs per model call. The model is loaded on the first query, once per process.
 */
export function createCrossEncoderReranker(spec: CrossEncoderRerank): Reranker {
  return {
    name: spec.name,
    depth: spec.depth,
    score(query, candidates) {
      return withCrossEncoder(spec, async (model) => {
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
      });
    },
  };
}

/** Releases every loaded cross-encoder (tests, and a process that is done). */
export function closeCrossEncoders(): Promise<void> {
  return loaded.closeAll();
}
