import path from 'node:path';
import { fileSafe } from './file-safe.js';
import { fmt, table } from './format.js';
import { outputDir, qrelsPath } from './output-paths.js';
import { JUDGED_SPREAD_WARNING, type ConfigResult, type ExperimentReport } from './report-model.js';
import { SOURCE_KINDS } from '../metrics/pair-sources.js';

/** A configuration that recorded its judged@k (every report since judged@k was added). */
export type JudgedConfig = Pick<ConfigResult, 'name' | 'sources'> & { judged: { k: number; mean: number } };

/** The configurations of a report that recorded judged@k, in report order. */
export function judgedConfigs(r: Pick<ExperimentReport, 'configs'>): JudgedConfig[] {
  return r.configs.filter((c): c is ConfigResult & JudgedConfig => !!c.judged);
}

/** Why the report warns: the least and the most judged configurations, and the command that pools their runs. */
export interface JudgedSpread {
  low: JudgedConfig;
  high: JudgedConfig;
  command: string;
}

/**
 * The least and the most judged configurations when their judged@k lie more than
 * JUDGED_SPREAD_WARNING apart, with the `testbed pool` command over the experiment's run files
 * that starts filling the holes; undefined otherwise. Every metric counts an unjudged document
 * as not relevant, so qrels pooled from one system's results favour that system, and such a
 * comparison is biased by its pool. The Markdown report and the report page both word it.
 */
export function judgedSpread(
  r: Pick<ExperimentReport, 'config' | 'level'>,
  configs: readonly JudgedConfig[],
): JudgedSpread | undefined {
  // No value (every query failed) is NaN in a live report and null in a saved one: neither is compared.
  const scored = configs.filter((c) => typeof c.judged.mean === 'number' && Number.isFinite(c.judged.mean));
  if (scored.length < 2) return undefined;
  const sorted = [...scored].sort((a, b) => a.judged.mean - b.judged.mean);
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  // Rounded before comparing, so 0.9 - 0.8 (0.09999999999999998 or 0.10000000000000009) is not a warning.
  if (Number((high.judged.mean - low.judged.mean).toFixed(9)) <= JUDGED_SPREAD_WARNING) return undefined;
  const out = outputDir(r.config);
  const runs = scored.map((c) => path.join(out, 'runs', `${fileSafe(c.name)}.trec`)).join(' ');
  const level = r.level === 'chunk' ? ' --level chunk' : '';
  const command =
    `testbed pool ${runs} --depth ${low.judged.k}${level} ` +
    `--qrels ${qrelsPath(r.config)} --out ${path.join(out, 'pool.tsv')}`;
  return { low, high, command };
}

/** The warning's sentence, before the command (Markdown: code in backticks). */
export function judgedWarningText({ low, high }: JudgedSpread): string {
  return (
    `judged@${low.judged.k} differs by more than ${JUDGED_SPREAD_WARNING.toFixed(2)} between the configurations compared ` +
    `(\`${low.name}\` ${fmt(low.judged.mean)}, \`${high.name}\` ${fmt(high.judged.mean)}): the qrels judged fewer of some ` +
    "configurations' hits, and those score lower for their holes, not for their ranking. " +
    'Fill the holes before trusting the comparison: pool the runs, then judge the pool:'
  );
}

/** The source columns a report shows: each source some configuration's top k was judged from, in table order, then unjudged. */
export function sourceColumns(configs: readonly Pick<ConfigResult, 'sources'>[]): string[] {
  const seen = new Set(configs.flatMap((c) => Object.keys(c.sources?.shares ?? {})));
  return [...SOURCE_KINDS, 'unknown'].filter((kind) => seen.has(kind));
}

/** A configuration's share per source column and its unjudged share, as percentages; empty when it recorded none. */
export function sourceCells(c: Pick<ConfigResult, 'sources'>, columns: readonly string[]): string[] {
  if (!c.sources) return [...columns.map(() => ''), ''];
  const pct = (x: number | undefined) => `${(100 * (x ?? 0)).toFixed(1)}%`;
  const shares = c.sources.shares as Record<string, number | undefined>;
  return [...columns.map((kind) => pct(shares[kind])), pct(c.sources.unjudged)];
}

/** The click warning's sentence: which pipelines served the log, and which configurations it favours. */
export function clickLogText(log: NonNullable<ExperimentReport['clickLog']>): string {
  const by = log.servedBy.map((s) => `${s.pipeline} (${(100 * s.share).toFixed(0)}% of impressions)`).join(', ');
  const favoured = log.favoured.length
    ? `the configuration${log.favoured.length > 1 ? 's' : ''} running it (${log.favoured.map((n) => `\`${n}\``).join(', ')}, marked *) ${log.favoured.length > 1 ? 'are' : 'is'} favoured`
    : 'no configuration here runs it, and each is marked down for what it retrieved that the log never showed';
  return (
    `${log.pairs} judgements come from clicks on a search log served by ${by}. Clicks judge only what that pipeline ` +
    `showed, so ${favoured}: every other configuration's documents it never showed count as not relevant. Read the ` +
    'comparison with that in mind, and judge the holes (below) before trusting it.'
  );
}

/** The report's Judged section: judged@k and the judgements' sources per configuration, and the warnings. */
export function judgedSection(r: ExperimentReport): string {
  const judged = judgedConfigs(r);
  if (judged.length === 0) return '';
  const k = judged[0]!.judged.k;
  const columns = sourceColumns(judged);
  const withSources = judged.some((c) => c.sources);
  const favoured = new Set(r.clickLog?.favoured ?? []);
  const rows = judged.map((c) => [
    `\`${c.name}\`${favoured.has(c.name) ? ' *' : ''}`,
    fmt(c.judged.mean),
    ...(withSources ? sourceCells(c, columns) : []),
  ]);
  const spread = judgedSpread(r, judged);
  return (
    `## Judged\n\njudged@${k} = share of a configuration's top ${k} documents that the qrels judge (any grade, 0 included), ` +
    'averaged over the scored queries. Every metric above counts an unjudged document as not relevant.' +
    (withSources ? ` The other columns split those top ${k} documents by where their judgement came from.` : '') +
    '\n\n' +
    table(['config', `judged@${k}`, ...(withSources ? [...columns, 'unjudged'] : [])], rows) +
    (r.clickLog ? `\n\n**Warning:** ${clickLogText(r.clickLog)}` : '') +
    (spread ? `\n\n**Warning:** ${judgedWarningText(spread)}\n\n    ${spread.command}` : '')
  );
}
