import { openAISettings } from './openai-settings.js';
import { parseOpenAISpec } from './openai-spec.js';

/**
 * Requests the embedder `id` keeps in flight when it is a remote one (`openai:`, its
 * TESTBED_OPENAI_CONCURRENCY), undefined for a model computed here: how many queries of a
 * query set may wait on it at once without a queue forming at its origin.
 */
export function remoteEmbedderConcurrency(id: string | undefined): number | undefined {
  if (!id?.startsWith('openai:')) return undefined;
  const spec = parseOpenAISpec(id.slice('openai:'.length));
  return openAISettings(spec.model, spec.baseUrl).concurrency;
}
