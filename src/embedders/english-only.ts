import { modelFamilyName, parseOpenAISpec } from './openai-spec.js';

/**
 * Model families trained on English text only, by the model's name (the last path segment,
 * lower case): their vectors for other languages are near noise, so dense scores on those
 * slices say little about dense retrieval. Multilingual siblings are named apart
 * (multilingual-e5-*, paraphrase-multilingual-*, gte-multilingual-*, bge-m3, LaBSE) and none of
 * these patterns matches them.
 */
const ENGLISH_ONLY_MODELS: RegExp[] = [
  /^all-minilm/, // sentence-transformers all-MiniLM-L6-v2, L12 (the online default)
  /^all-mpnet/, // all-mpnet-base-v2
  /^bge-(small|base|large)-en/, // bge-*-en, bge-*-en-v1.5 (not bge-m3, not the zh models)
  /^e5-(small|base|large)(-v2)?$/, // e5 v1 and v2 (multilingual-e5-* starts otherwise)
  /^gte-(small|base|large)/, // gte-*, gte-*-en-v1.5 (not gte-multilingual-*, gte-Qwen*)
];

/**
 * Whether an embedder id (as an index records it: `use-lite`, `hash:64`,
 * `transformers:Xenova/all-MiniLM-L6-v2`, `openai:bge-small-en-v1.5@http://gpu:8080/v1`) names
 * an English-only encoder. Unknown models are not called English-only: the report's note
 * should be right when it appears.
 */
export function isEnglishOnlyEncoder(id: string): boolean {
  if (id === 'use-lite') return true;
  const model = id.startsWith('transformers:')
    ? id.slice('transformers:'.length)
    : id.startsWith('openai:')
      ? servedModel(id)
      : undefined;
  if (model === undefined) return false;
  const parts = model.split(/[\\/]/).filter((p) => p.length > 0);
  const name = (parts[parts.length - 1] ?? '').toLowerCase();
  return ENGLISH_ONLY_MODELS.some((p) => p.test(name));
}

/** The model an `openai:` id names, without an Ollama `:tag`; undefined for a malformed id. */
function servedModel(id: string): string | undefined {
  try {
    return modelFamilyName(parseOpenAISpec(id.slice('openai:'.length)).model);
  } catch {
    return undefined;
  }
}
