import type { BuildProgress } from '../indexing/progress.js';
import type { IndexMeta } from '../store/index-meta.js';

/** A build started over HTTP, as `GET /indexes/:name` reports it. */
export interface BuildJob {
  name: string;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt?: string;
  request: { corpus: string; chunker: string; embedder: string; tokenizer: string };
  progress: BuildProgress;
  notices: string[];
  error?: string;
  meta?: IndexMeta;
}
