import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@xenova/transformers';
import { InputError } from '../errors.js';
import { withLoadEnv } from './transformers-env.js';
import { maxTokensOf } from './transformers-limits.js';
import { encodePairs, type PairTokenizer } from './transformers-pairs.js';
import { resolveSource, unavailable } from './transformers-source.js';

export interface CrossEncoderOptions {
  /** Folder holding `<hub id>/` model folders. Default: env MODELS_DIR, else `./models`. */
  modelsDir?: string;
  /** May files missing locally be fetched from the Hugging Face hub? Default: true unless TRANSFORMERS_OFFLINE=1. */
  allowRemote?: boolean;
  /** Load onnx/model_quantized.onnx (true, default) or onnx/model.onnx. */
  quantized?: boolean;
}

/** A sequence-classification model that scores (query, passage) pairs. */
export interface CrossEncoder {
  readonly model: string;
  /** Longest pair, in tokens with the special tokens, the model reads whole. */
  readonly maxTokens: number;
  /** 1: the score is the logit; 2: log P(relevant), the log-softmax of the positive label. */
  readonly labels: 1 | 2;
  /** One score per passage, higher = more relevant; the passages are run as one batch. */
  score(query: string, passages: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}

interface Parts {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
}

/**
 * Loads a cross-encoder (a `*ForSequenceClassification` ONNX export, e.g.
 * Xenova/ms-marco-MiniLM-L-6-v2) from a hub id or a folder, found as the transformers embedder
 * finds its models (transformers-source.ts: MODELS_DIR, the cache, the hub unless
 * TRANSFORMERS_OFFLINE=1; a folder path is read as is). One probe pair runs at load, so a model
 * without a 1- or 2-label head fails here, with the folder to fix, rather than at the first query.
 *
 * Scores: a 1-label head (the MS MARCO cross-encoders) is a regression logit, used as is. A
 * 2-label head (relevant / not relevant) gives log P(relevant) = l_pos - logsumexp(l_0, l_1):
 * the same order as l_pos - l_neg, on a scale that reads as a probability. The positive label is
 * the one id2label calls positive/relevant/true/yes/1, else index 1 (LABEL_1).
 */
export async function loadCrossEncoder(model: string, options: CrossEncoderOptions = {}): Promise<CrossEncoder> {
  if (model.trim() === '') throw new InputError('cross-encoder needs a model: a hub id or a folder path');
  const quantized = options.quantized ?? true;
  const modelsDir = options.modelsDir ?? (process.env.MODELS_DIR || './models');
  const allowRemote = options.allowRemote ?? process.env.TRANSFORMERS_OFFLINE !== '1';
  const source = resolveSource(model, modelsDir, allowRemote);

  let parts: Parts;
  let maxTokens: number;
  let labels: 1 | 2;
  let positive: number;
  try {
    parts = await withLoadEnv(source.env, () => loadParts(source.loadName, quantized, !source.env.allowRemoteModels));
    const config = (parts.model.config ?? {}) as Record<string, unknown>;
    maxTokens = maxTokensOf(parts.tokenizer.model_max_length, config);
    const width = (await logitsOf(parts, 'probe', ['probe passage'], maxTokens)).width;
    if (width !== 1 && width !== 2)
      throw new Error(
        `the model has ${width} labels; a cross-encoder has 1 (a relevance logit) or 2 (not relevant, relevant)`,
      );
    labels = width;
    positive = positiveLabel(config.id2label);
  } catch (err) {
    throw unavailable(model, source, quantized, err);
  }
  return {
    model,
    maxTokens,
    labels,
    async score(query, passages) {
      if (passages.length === 0) return [];
      const { data, width } = await logitsOf(parts, query, passages, maxTokens);
      return passages.map((_, r) => (labels === 1 ? data[r]! : logSoftmaxAt(data, r * width, width, positive)));
    },
    async close() {
      await parts.model.dispose();
    },
  };
}

/** Tokenizer and model side by side, both settled before returning (see transformers-load.ts). */
async function loadParts(name: string, quantized: boolean, localOnly: boolean): Promise<Parts> {
  const options = { quantized, local_files_only: localOnly };
  const [tokenizer, model] = await Promise.allSettled([
    AutoTokenizer.from_pretrained(name, options),
    AutoModelForSequenceClassification.from_pretrained(name, options),
  ]);
  if (tokenizer.status === 'fulfilled' && model.status === 'fulfilled')
    return { tokenizer: tokenizer.value, model: model.value };
  if (model.status === 'fulfilled') await model.value.dispose();
  throw model.status === 'rejected' ? model.reason : (tokenizer as PromiseRejectedResult).reason;
}

async function logitsOf(
  { tokenizer, model }: Parts,
  query: string,
  passages: readonly string[],
  maxTokens: number,
): Promise<{ data: Float32Array; width: number }> {
  const inputs = encodePairs(tokenizer as unknown as PairTokenizer, query, passages, maxTokens);
  const { truncated: _truncated, ...feeds } = inputs;
  const outputs = (await model(feeds)) as { logits?: { data: unknown; dims: number[] } };
  const logits = outputs.logits;
  if (
    !logits ||
    !(logits.data instanceof Float32Array) ||
    logits.dims.length !== 2 ||
    logits.dims[0] !== passages.length
  ) {
    throw new Error(`model output has no float [batch, labels] logits (outputs: ${Object.keys(outputs).join(', ')})`);
  }
  return { data: logits.data, width: logits.dims[1]! };
}

const POSITIVE = /^(pos|positive|relevant|true|yes|1)$/i;

function positiveLabel(id2label: unknown): number {
  if (typeof id2label === 'object' && id2label !== null) {
    for (const [id, label] of Object.entries(id2label))
      if ((id === '0' || id === '1') && typeof label === 'string' && POSITIVE.test(label)) return Number(id);
  }
  return 1;
}

/** log softmax of row[at + i] over the row's `width` logits, computed stably (max subtracted). */
function logSoftmaxAt(data: Float32Array, at: number, width: number, i: number): number {
  let max = -Infinity;
  for (let j = 0; j < width; j++) max = Math.max(max, data[at + j]!);
  let sum = 0;
  for (let j = 0; j < width; j++) sum += Math.exp(data[at + j]! - max);
  return data[at + i]! - max - Math.log(sum);
}
