import { fmt, signed, table } from './format.js';
import type { ConfigResult, ExperimentReport } from './report-model.js';

/**
 * The configurations with a rerank stage: per slice ('all' first), recall and hit at the rerank
 * depth of the first stage (before the rerank: the most the reranker could bring into the top),
 * the primary metric of the first stage, the same metric after the rerank (the configuration's
 * own), and the gain. A rerank that gains little over a first stage with high recall@depth is
 * a weak reranker; one held back by low recall@depth needs a better or deeper first stage.
 */
export function rerankSection(r: ExperimentReport): string {
  const reranked = r.configs.filter((c) => c.firstStage);
  if (reranked.length === 0) return '';
  const primary = r.metrics[0];
  if (!primary) return '';
  const parts = [
    '## Rerank stages: the first stage before, the ranking after',
    '`first_stage.*` is the ranking the rerank stage was handed, scored as it stood; ' +
      `\`${primary}\` (after) is the configuration's own, after the rerank. Recall at the rerank depth bounds what the reranker can bring up.`,
  ];
  for (const c of reranked) {
    const fs = c.firstStage!;
    const labels = [`first_stage.recall@${fs.depth}`, `first_stage.hit@${fs.depth}`, `first_stage.${primary}`];
    const groups = [
      { label: 'all', n: r.queries.answerable, before: fs.means, after: c.means },
      ...fs.slices.map((s, i) => sliceGroup(c, s, i)),
    ];
    const rows = groups.map((g) => {
      const before = g.before[`first_stage.${primary}`];
      const after = g.after[primary];
      return [
        g.label,
        String(g.n),
        ...labels.map((l) => fmt(g.before[l])),
        fmt(after),
        before === undefined || after === undefined ? '–' : signed(after - before),
      ];
    });
    parts.push(
      `### \`${c.name}\`: reranker \`${fs.reranker}\`, depth ${fs.depth}\n\n` +
        table(['slice', 'queries', ...labels, `${primary} (after)`, `Δ ${primary}`], rows),
    );
  }
  return parts.join('\n\n');
}

function sliceGroup(c: ConfigResult, s: { label: string; n: number; means: Record<string, number> }, i: number) {
  // The configuration's slices and the first stage's are built from the same slice list, in order.
  const after = c.slices[i]?.label === s.label ? c.slices[i]!.means : {};
  return { label: s.label, n: s.n, before: s.means, after };
}
