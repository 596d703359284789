import type { Level } from '../../src/retrievers/types.js';
import type { Searcher } from '../../src/search/searcher.js';
import type { Engine, Mode } from '../../src/search/types.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import { median } from './stats-extra.js';
import { latencySummary } from './stats.js';

/** The four search modes the latency bench times, in process and over HTTP. */
export const LATENCY_MODES: { label: string; mode: Mode; engine: Engine }[] = [
  { label: 'bm25 (fts5)', mode: 'bm25', engine: 'fts5' },
  { label: 'bm25 (wink)', mode: 'bm25', engine: 'wink' },
  { label: 'dense', mode: 'dense', engine: 'fts5' },
  { label: 'hybrid (RRF, fts5 + dense)', mode: 'hybrid', engine: 'fts5' },
];

export interface ModeLatency {
  label: string;
  /** The first query: loads what the mode needs lazily (wink index, vectors, query model). */
  firstMs: number;
  p50: number;
  p95: number;
  p99: number;
  /** Median of each stage the Searcher reports (took_ms), e.g. bm25, dense.embed, hydrate. */
  stages: Record<string, number>;
}

/**
 * Times every mode on `queries`, in process, through Searcher.search (what the HTTP route
 * calls): took_ms.total per query, query embedding by the model included, hits hydrated.
 */
export async function timeModes(
  searcher: Searcher,
  queries: readonly string[],
  options: { k: number; level: Level },
): Promise<ModeLatency[]> {
  const out: ModeLatency[] = [];
  for (const m of LATENCY_MODES) {
    if (m.mode !== 'bm25' && !searcher.meta.embedder) continue;
    const pipeline = pipelineForMode(m.mode, { engine: m.engine, k: options.k, level: options.level });
    const req = (query: string) => ({ query, mode: m.mode, pipeline });
    const t0 = performance.now();
    await searcher.search(req(queries[0]!));
    const firstMs = performance.now() - t0;
    const totals: number[] = [];
    const stages = new Map<string, number[]>();
    for (const q of queries) {
      const res = await searcher.search(req(q));
      totals.push(res.took_ms.total!);
      for (const [stage, ms] of Object.entries(res.took_ms)) {
        if (stage === 'total') continue;
        let list = stages.get(stage);
        if (!list) stages.set(stage, (list = []));
        list.push(ms);
      }
    }
    out.push({
      label: m.label,
      firstMs,
      ...latencySummary(totals),
      stages: Object.fromEntries([...stages].map(([s, xs]) => [s, median(xs)])),
    });
  }
  return out;
}
