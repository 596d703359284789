import type { Pipeline } from './resolve-pipeline.js';

/** A URL a pipeline would make us call, and the part of the pipeline that names it. */
export interface PipelineUrl {
  url: string;
  /** The HTTP method, when the leg says (an http leg always does once settled). */
  method?: string;
  /** The leg's name. */
  leg: string;
  /** e.g. `legs.1 (leg "api")`. */
  what: string;
}

/**
 * Every endpoint a pipeline names: each leg with a `url` (http today; any remote leg type
 * spells its endpoint so). A server checks them all against its allow-list before running the
 * pipeline, so a new remote leg type is checked without being listed here.
 */
export function pipelineUrls(pipeline: Pipeline): PipelineUrl[] {
  return pipeline.legs.flatMap((leg, i) => {
    const { url, method } = leg as { url?: unknown; method?: unknown };
    if (typeof url !== 'string') return [];
    return [
      { url, ...(typeof method === 'string' && { method }), leg: leg.name, what: `legs.${i} (leg "${leg.name}")` },
    ];
  });
}
