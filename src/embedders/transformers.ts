import { InputError } from '../errors.js';
import { prefixesFor } from './model-prefixes.js';
import { withLoadEnv } from './transformers-env.js';
import { encodeBatch } from './transformers-inputs.js';
import { maxTokensOf } from './transformers-limits.js';
import { type LoadedModel, loadModelParts } from './transformers-load.js';
import { meanPoolNormalized } from './transformers-pooling.js';
import { resolveSource, unavailable } from './transformers-source.js';
import type { EmbedBatch, Embedder, EmbedRole } from './types.js';

export interface TransformersOptions {
  /** Folder holding `<hub id>/` model folders. Default: env MODELS_DIR, else `./models`. */
  modelsDir?: string;
  /** May files missing locally be fetched from the Hugging Face hub? Default: true unless TRANSFORMERS_OFFLINE=1. */
  allowRemote?: boolean;
  /** Load onnx/model_quantized.onnx (true, default) or onnx/model.onnx. */
  quantized?: boolean;
}

/** Texts per model call: big enough to amortise the call, small enough to bound padding waste. */
const BATCH_SIZE = 32;

/**
 * Loads a sentence-embedding model with transformers.js (ONNX Runtime on CPU) as an Embedder:
 * mean pooling over real tokens, unit-length vectors, the model family's query/passage prefixes.
 * `model` is a hub id (looked up in modelsDir, then the transformers.js cache, then the hub) or a
 * folder path (absolute or starting with `.`, read as is). Fails with UnavailableError, naming
 * the folder to fill, when the model cannot be loaded. Loading runs one small probe text through
 * the model, so a broken model fails here rather than at the first query, and `dims` is what the
 * model really outputs.
 */
export async function loadTransformersEmbedder(model: string, options: TransformersOptions = {}): Promise<Embedder> {
  if (model.trim() === '') throw new InputError('transformers embedder needs a model: a hub id or a folder path');
  const quantized = options.quantized ?? true;
  const modelsDir = options.modelsDir ?? (process.env.MODELS_DIR || './models');
  const allowRemote = options.allowRemote ?? process.env.TRANSFORMERS_OFFLINE !== '1';
  const source = resolveSource(model, modelsDir, allowRemote);

  let parts: LoadedModel;
  let maxTokens: number;
  let dims: number;
  try {
    parts = await withLoadEnv(source.env, () =>
      loadModelParts(source.loadName, quantized, !source.env.allowRemoteModels),
    );
    maxTokens = maxTokensOf(parts.tokenizer.model_max_length, parts.model.config ?? {});
    const probe = await runBatch(parts, ['dims probe'], maxTokens);
    dims = probe.vectors[0]?.length ?? 0;
  } catch (err) {
    throw unavailable(model, source, quantized, err);
  }

  const prefixes = prefixesFor(model);
  return {
    id: `transformers:${model}`,
    dims,
    maxTokens,
    async embed(texts: string[], role: EmbedRole): Promise<EmbedBatch> {
      const prefix = prefixes[role];
      const out: EmbedBatch = { vectors: [], truncated: [] };
      for (let start = 0; start < texts.length; start += BATCH_SIZE) {
        // ONNX Runtime for Node runs synchronously on the main thread: yield between batches so
        // a server stays responsive while a long list is embedded.
        if (start > 0) await new Promise((done) => setImmediate(done));
        const batch = texts.slice(start, start + BATCH_SIZE).map((t) => prefix + t);
        const result = await runBatch(parts, batch, maxTokens);
        out.vectors.push(...result.vectors);
        out.truncated.push(...result.truncated);
      }
      return out;
    },
    async close(): Promise<void> {
      await parts.model.dispose();
    },
  };
}

/** One model call: tokenize (counting, not hiding, truncation), run, pool, normalise. */
async function runBatch({ tokenizer, model }: LoadedModel, texts: string[], maxTokens: number): Promise<EmbedBatch> {
  const inputs = encodeBatch(tokenizer, texts, maxTokens);
  const outputs = await model({ input_ids: inputs.input_ids, attention_mask: inputs.attention_mask });
  // BERT-style exports name the token vectors last_hidden_state; sentence-transformers exports, token_embeddings.
  const hidden = outputs.last_hidden_state ?? outputs.token_embeddings;
  if (!hidden || !(hidden.data instanceof Float32Array) || hidden.dims.length !== 3) {
    throw new Error(
      `model output has no float [batch, sequence, hidden] tensor (outputs: ${Object.keys(outputs).join(', ')})`,
    );
  }
  const [batch, sequence, width] = hidden.dims as [number, number, number];
  const vectors = meanPoolNormalized(hidden.data, inputs.attention_mask.data as BigInt64Array, [
    batch,
    sequence,
    width,
  ]);
  return { vectors, truncated: inputs.truncated };
}
