import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { FAIL_AFTER_DEFAULT } from '../remote/circuit-breaker.js';

/**
 * Each remote caller's circuit-breaker threshold in a pipeline, by the name its RemoteErrors
 * carry (`leg "os"`, `reranker "tei"`): its own `fail_after` when set, else FAIL_AFTER_DEFAULT,
 * which also holds for a remote embedder (`embedder openai:...`), whose settings have no such field.
 */
export function failAfterOf(pipeline: Pipeline): (by: string) => number {
  const thresholds = new Map<string, number>();
  for (const leg of pipeline.legs) {
    const failAfter = (leg as { fail_after?: number }).fail_after;
    if (failAfter !== undefined) thresholds.set(`leg "${leg.name}"`, failAfter);
  }
  const rerank = pipeline.rerank;
  if (rerank?.type === 'http' && rerank.failAfter !== undefined)
    thresholds.set(`reranker "${rerank.name}"`, rerank.failAfter);
  return (by) => thresholds.get(by) ?? FAIL_AFTER_DEFAULT;
}
