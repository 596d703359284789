import type { Level } from '../schemas/names.js';
import { pipelineSpec } from '../pipeline/pipeline-spec.js';
import { zodInputError, type Pipeline } from '../pipeline/resolve-pipeline.js';
import { parseSearchSpec } from '../pipeline/search-spec.js';
import type { ExperimentConfig, RetrieverConfig } from '../reports/experiment-config.js';

/** The depth a retriever is first settled at, as the config is checked; the grid sets the real one. */
const CHECK_DEPTH = 100;

/**
 * Each retriever's pipeline, settled once when its config is read and handed on from there (the
 * server's remote checks, the grid-size limit and the grid itself ask for it again). Kept with
 * the JSON it was settled from: a retriever rewritten in place since (a served config confines
 * its run-file paths) is settled afresh rather than answered stale.
 */
const settled = new WeakMap<RetrieverConfig, { level: Level; source: string; pipeline: Pipeline }>();

/**
 * A retriever's pipeline, as the grid runs it: at the experiment's level, k the retrieval depth.
 * Read by the same parser as HTTP and the CLI (a shorthand or legs), the first time only.
 */
export function retrieverPipeline(r: RetrieverConfig, level: Level, depth: number): Pipeline {
  const source = JSON.stringify(r);
  let known = settled.get(r);
  if (!known || known.level !== level || known.source !== source) {
    const { name: _name, ...rest } = r;
    known = { level, source, pipeline: parseSearchSpec({ ...rest, k: CHECK_DEPTH, level }).pipeline };
    settled.set(r, known);
  }
  if (depth === known.pipeline.k) return known.pipeline;
  // Only k differs between depths: checked against the pipeline's own bound, the rest kept as settled.
  const k = pipelineSpec.shape.k.safeParse(depth);
  if (!k.success) throw zodInputError(k.error);
  return { ...known.pipeline, k: k.data };
}

/** A retriever's pipeline as its config is checked (the config parser, the server's remote checks): the one the grid reuses. */
export function checkedPipeline(r: RetrieverConfig, level: Level): Pipeline {
  return retrieverPipeline(r, level, CHECK_DEPTH);
}

/** Every retriever's pipeline as settled, in grid order: what the experiment's own process is handed with its config. */
export function settledPipelines(config: ExperimentConfig): Pipeline[] {
  return config.grid.retrievers.map((r) => checkedPipeline(r, config.level));
}

/**
 * Takes the pipelines settled in the process that read the config (settledPipelines) for the
 * same config received as JSON, so the experiment's own process does not parse them again.
 */
export function adoptPipelines(config: ExperimentConfig, pipelines: readonly Pipeline[]): void {
  config.grid.retrievers.forEach((r, i) => {
    const pipeline = pipelines[i];
    if (pipeline) settled.set(r, { level: config.level, source: JSON.stringify(r), pipeline });
  });
}
