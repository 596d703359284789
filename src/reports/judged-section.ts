import path from 'node:path';
import { fileSafe } from './file-safe.js';
import { fmt, table } from './format.js';
import { outputDir, qrelsPath } from './output-paths.js';
import { JUDGED_SPREAD_WARNING, type ConfigResult, type ExperimentReport } from './report-model.js';

/**
 * The configurations' judged@k, and a warning when they differ by more than
 * JUDGED_SPREAD_WARNING: every metric counts an unjudged document as not relevant, so qrels
 * pooled from one system's results favour that system, and the comparison above is biased by
 * its pool. Empty for reports saved before judged@k was recorded.
 */
export function judgedSection(r: ExperimentReport): string {
  const judged = r.configs.filter((c): c is ConfigResult & { judged: { k: number; mean: number } } => !!c.judged);
  if (judged.length === 0) return '';
  const k = judged[0]!.judged.k;
  const rows = judged.map((c) => [`\`${c.name}\``, fmt(c.judged.mean)]);
  const warning = judgedWarning(r, judged);
  return (
    `## Judged\n\njudged@${k} = share of a configuration's top ${k} documents that the qrels judge (any grade, 0 included), ` +
    'averaged over the scored queries. Every metric above counts an unjudged document as not relevant.\n\n' +
    table(['config', `judged@${k}`], rows) +
    (warning ? `\n\n${warning}` : '')
  );
}

/** The warning, when the compared configurations' judged@k lie more than JUDGED_SPREAD_WARNING apart; '' otherwise. */
export function judgedWarning(
  r: Pick<ExperimentReport, 'config' | 'level'>,
  configs: readonly (Pick<ConfigResult, 'name'> & { judged: { k: number; mean: number } })[],
): string {
  // No value (every query failed) is NaN in a live report and null in a saved one: neither is compared.
  const scored = configs.filter((c) => typeof c.judged.mean === 'number' && Number.isFinite(c.judged.mean));
  if (scored.length < 2) return '';
  const sorted = [...scored].sort((a, b) => a.judged.mean - b.judged.mean);
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  // Rounded before comparing, so 0.9 - 0.8 (0.09999999999999998 or 0.10000000000000009) is not a warning.
  if (Number((high.judged.mean - low.judged.mean).toFixed(9)) <= JUDGED_SPREAD_WARNING) return '';
  const k = low.judged.k;
  const out = outputDir(r.config);
  const runs = scored.map((c) => path.join(out, 'runs', `${fileSafe(c.name)}.trec`)).join(' ');
  const level = r.level === 'chunk' ? ' --level chunk' : '';
  const command = `testbed pool ${runs} --depth ${k}${level} --qrels ${qrelsPath(r.config)} --out ${path.join(out, 'pool.tsv')}`;
  return (
    `**Warning:** judged@${k} differs by more than ${JUDGED_SPREAD_WARNING.toFixed(2)} between the configurations compared ` +
    `(\`${low.name}\` ${fmt(low.judged.mean)}, \`${high.name}\` ${fmt(high.judged.mean)}): the qrels judged fewer of some ` +
    "configurations' hits, and those score lower for their holes, not for their ranking. " +
    `Fill the holes before trusting the comparison: pool the runs, then judge the pool:\n\n` +
    `    ${command}`
  );
}
