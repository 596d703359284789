import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import { BREAKER_DEFAULTS, type BreakerSettings } from '../remote/circuit-breaker.js';

/** A leg's or reranker's breaker fields as the pipeline spells them (remote-call-fields.ts). */
interface BreakerFields {
  fail_after?: number;
  fail_rate?: number;
  fail_window?: number;
}

function settingsFrom(fields: BreakerFields): BreakerSettings {
  return {
    failAfter: fields.fail_after ?? BREAKER_DEFAULTS.failAfter,
    failRate: fields.fail_rate ?? BREAKER_DEFAULTS.failRate,
    failWindow: fields.fail_window ?? BREAKER_DEFAULTS.failWindow,
  };
}

/**
 * Each remote caller's circuit-breaker settings in a pipeline, by the name its RemoteErrors
 * carry (`leg "os"`, `reranker "tei"`): its own `fail_after`, `fail_rate` and `fail_window`
 * where set, else BREAKER_DEFAULTS, which also hold for a remote embedder (`embedder
 * openai:...`), whose settings have no such fields.
 */
export function breakerSettingsOf(pipeline: Pipeline): (by: string) => BreakerSettings {
  const settings = new Map<string, BreakerSettings>();
  for (const leg of pipeline.legs) settings.set(`leg "${leg.name}"`, settingsFrom(leg as BreakerFields));
  const rerank = pipeline.rerank;
  if (rerank?.type === 'http')
    settings.set(
      `reranker "${rerank.name}"`,
      settingsFrom({ fail_after: rerank.failAfter, fail_rate: rerank.failRate, fail_window: rerank.failWindow }),
    );
  return (by) => settings.get(by) ?? BREAKER_DEFAULTS;
}
