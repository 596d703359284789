import type { ExperimentReport } from './report-model.js';
import { fmt, table } from './format.js';

/**
 * ANN recall: for each configuration that is one approximate vector leg (a cluster's, or our
 * dense leg with `ann`), how much of our exact dense scan's top k (same vectors, same embedder,
 * same filter) it returned. It says how far the approximate index is from an exhaustive search,
 * so a dense configuration that scores lower through it can be read as ANN loss, or not; a local
 * leg is named by its settings where a remote one is by its endpoint.
 */
export function annRecallSection(r: ExperimentReport): string {
  const measured = r.configs.filter((c) => c.annRecall);
  if (measured.length === 0) return '';
  const ks = [...new Set(measured.flatMap((c) => Object.keys(c.annRecall!.values)))].sort(
    (a, b) => Number(a.split('@')[1]) - Number(b.split('@')[1]),
  );
  const rows = measured.map((c) => {
    const a = c.annRecall!;
    return [`\`${c.name}\``, a.engine, `\`${a.endpoint}\``, String(a.queries), ...ks.map((k) => fmt(a.values[k]))];
  });
  return (
    '## ANN recall against the exact scan\n\n' +
    '`ann_recall@k` = mean over queries of |ANN top k ∩ exact top k| / |exact top k|, where the exact top k is our `dense` leg ' +
    "(an exhaustive cosine scan of the index's own vectors, the query embedded by the same model, the same filter) at the same level; " +
    'queries whose exact list is empty are left out. 1 means the ANN search returned what an exhaustive search returns; it measures the approximate index, not relevance. A local `dense` leg with `ann` is named by its HNSW settings.\n\n' +
    table(['config', 'engine', 'endpoint or setting', 'queries', ...ks], rows, [
      'l',
      'l',
      'l',
      'r',
      ...ks.map(() => 'r' as const),
    ])
  );
}
