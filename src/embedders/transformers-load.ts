import { AutoModel, AutoTokenizer, type PreTrainedModel, type PreTrainedTokenizer } from '@xenova/transformers';

/** A loaded tokenizer and ONNX model; the two halves of a transformers.js feature extractor. */
export interface LoadedModel {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
}

/**
 * Loads tokenizer and model side by side, as transformers.js's own pipeline() does, but waits for
 * both to settle before returning or throwing: the caller restores the global `env` afterwards,
 * and a half still fetching files must not see it change. A model that loaded next to a failed
 * tokenizer is released.
 */
export async function loadModelParts(name: string, quantized: boolean, localOnly: boolean): Promise<LoadedModel> {
  const options = { quantized, local_files_only: localOnly };
  const [tokenizer, model] = await Promise.allSettled([
    AutoTokenizer.from_pretrained(name, options),
    AutoModel.from_pretrained(name, options),
  ]);
  if (tokenizer.status === 'fulfilled' && model.status === 'fulfilled') {
    return { tokenizer: tokenizer.value, model: model.value };
  }
  if (model.status === 'fulfilled') await model.value.dispose();
  // Report the model's failure first: a missing .onnx file is the usual and more telling cause.
  throw model.status === 'rejected' ? model.reason : (tokenizer as PromiseRejectedResult).reason;
}
