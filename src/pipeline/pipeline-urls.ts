import { legEndpoints } from '../legs/leg-traits.js';
import type { LegEndpoint } from '../legs/leg-definition.js';
import type { Pipeline } from './resolve-pipeline.js';

/** A URL a pipeline would make us call, and the part of the pipeline that names it. */
export interface PipelineUrl {
  url: string;
  method: LegEndpoint['method'];
  /** What the call is for (LegEndpoint). */
  role: LegEndpoint['role'];
  /** The leg's name. */
  leg: string;
  /** e.g. `legs.1 (leg "api")`. */
  what: string;
}

/**
 * Every endpoint a pipeline's legs call, as each leg type's row declares them (never found by a
 * field's name, so a leg type that keeps its address under another name is still listed). A
 * server checks them all against its allow-list before running the pipeline.
 */
export function pipelineUrls(pipeline: Pipeline): PipelineUrl[] {
  return pipeline.legs.flatMap((leg, i) =>
    legEndpoints(leg).map(({ url, method, role }) => ({
      url,
      method,
      role,
      leg: leg.name,
      what: `legs.${i} (leg "${leg.name}")`,
    })),
  );
}
