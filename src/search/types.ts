import type { Expansions, Sources } from '../ranking/hit.js';
import type { Level } from '../schemas/names.js';
import type { Pipeline } from '../pipeline/resolve-pipeline.js';
import type { Mode } from '../pipeline/shorthand-rows.js';

export { MODES, type Mode } from '../pipeline/shorthand-rows.js';
export { DEFAULT_ENGINE, MAX_K } from '../schemas/defaults.js';
export { ENGINES, type Engine } from '../schemas/names.js';

export interface SearchRequest {
  query: string;
  pipeline: Pipeline;
  /** The shorthand the pipeline was written as, if any (echoed in the response). */
  mode?: Mode;
  /** The query's id in a query set: run-file legs need it. */
  queryId?: string;
}

/** One hit as the HTTP API and `testbed search --json` return it. */
export interface HitView {
  rank: number;
  id: string;
  doc_id: string;
  score: number;
  title: string;
  text: string;
  start: number;
  end: number;
  sources?: Sources;
}

export interface SearchResponse {
  index: string;
  /** The shorthand searched with, or `pipeline` for a pipeline given as legs. */
  mode: Mode | 'pipeline';
  /** The query, under the name the request gives it. */
  q: string;
  k: number;
  level: Level;
  /** The pipeline that ran, every default filled in. */
  pipeline: Pipeline;
  took_ms: Record<string, number>;
  hits: HitView[];
  /** Per leg that expanded the query (rm3, rocchio, bo1), by leg name: the weighted terms it scored, heaviest first. */
  expansions?: Expansions;
}
