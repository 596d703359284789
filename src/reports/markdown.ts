import { configKind, type ConfigResult, type ExperimentReport, type Failure } from './report-model.js';
import { isEnglishOnlyEncoder } from '../embedders/english-only.js';
import { bestPerColumn, fmt, fmtP, table } from './format.js';
import { annRecallSection } from './ann-recall-section.js';
import { rerankSection } from './rerank-section.js';
import { endpointsSection, failedQueriesSection, insecureWarning } from './failed-queries-section.js';
import { judgedSection } from './judged-section.js';
import { tuningSection } from './tuning-section.js';
import { verdict } from './verdict.js';
import { allPairsSection } from './all-pairs-section.js';
import { procedure } from './pair-test-words.js';

const FAILURES_SHOWN = 15;

/** The human report: every table a reader needs to compare configurations, in one page. */
export function renderMarkdown(r: ExperimentReport): string {
  return (
    [
      header(r),
      insecureWarning(r),
      verdictSection(r),
      mainTable(r),
      judgedSection(r),
      failedQueriesSection(r),
      endpointsSection(r),
      contextTable(r),
      rerankSection(r),
      hybridTable(r),
      tuningSection(r),
      curves(r),
      annRecallSection(r),
      sliceTables(r),
      languageLegs(r),
      sourceGap(r),
      overlapTable(r),
      allPairsSection(r),
      significance(r),
      failures(r),
      checks(r),
    ]
      .filter(Boolean)
      .join('\n\n') + '\n'
  );
}

function header(r: ExperimentReport): string {
  const q = r.queries;
  return [
    `# Experiment: ${r.name}`,
    r.description ?? '',
    `Corpus \`${r.config.corpus}\`, evaluated at ${r.level} level. ${q.total} queries: ${q.answerable} answerable, ` +
      `${q.unanswerable.length} unanswerable (no relevant document; left out of every average). ` +
      `context_k = ${r.contextK} (passages handed to the model), rerank_depth = ${r.rerankDepth}. Baseline: \`${r.baseline}\`. ` +
      `Wall time ${r.wallSeconds.toFixed(1)} s. testbed ${r.testbedVersion}, ${r.createdAt}.`,
    '`hit@k` = share of queries with at least one relevant document in the top k (trec_eval `success`); ' +
      "`recall@k` = share of a query's relevant documents found in the top k (trec_eval `recall`). " +
      `Bold = best in its column. † = ${dagger(r)}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** What † marks: a difference from the baseline, significant by the report's all-pairs tests. */
function dagger(r: ExperimentReport): string {
  return r.allPairs
    ? `differs significantly from the baseline by ${procedure(r.allPairs)}`
    : 'differs from the baseline at p < 0.05 (paired randomization test, uncorrected: a report saved before all-pairs tests)';
}

/** The report in a few sentences, before any table (see verdict()). */
function verdictSection(r: ExperimentReport): string {
  const v = verdict(r);
  if (!v) return '';
  const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');
  return [
    '## Verdict',
    v.sources?.sentence ?? '',
    v.overall.sentence,
    v.slices.length ? `${v.sliceNote}\n\n${bullets(v.slices.map((s) => s.sentence))}` : '',
    v.hybrids.length
      ? `Each hybrid against the best single retriever on its index:\n\n${bullets(v.hybrids.map((h) => h.sentence))}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function mainTable(r: ExperimentReport): string {
  const metrics = r.metrics;
  const realN = Math.max(0, ...r.configs.map((c) => c.real?.n ?? 0));
  const hasReal = r.configs.some((c) => c.real);
  const realBest = bestPerColumn(r.configs.map((c) => metrics.map((m) => c.real?.means[m])));
  // Real queries first: in a set mixing real and synthetic queries the bold marks the best over
  // the real ones, and the pooled means follow in a table of their own, labelled, without bold.
  const real = hasReal
    ? `## Configurations, over the ${realN} real queries\n\nBold: the best over the real queries alone. Synthetic queries reuse their passage's words and flatter; the pooled means are in the next table.\n\n` +
      table(
        ['config', ...metrics],
        r.configs.map((c, i) => [
          `\`${c.name}\``,
          ...metrics.map((m, j) => bold(fmt(c.real?.means[m]), realBest.has(`${i}:${j}`))),
        ]),
      ) +
      '\n\n'
    : '';
  const values = r.configs.map((c) => metrics.map((m) => c.means[m]));
  const best = hasReal ? new Set<string>() : bestPerColumn(values);
  const rows = r.configs.map((c, i) => [
    `\`${c.name}\`` + (c.failedQueries ? ` (${c.failedQueries.count} failed)` : ''),
    ...metrics.map((m, j) =>
      bold(fmt(c.means[m]) + (c.significance?.[m]?.significant ? '†' : ''), best.has(`${i}:${j}`)),
    ),
    fmt(c.latency.p50, 1),
    fmt(c.latency.p95, 1),
    (c.index.sizeBytes / 1e6).toFixed(1),
    c.index.reused ? `${fmt(c.index.buildSeconds, 1)} (cached)` : fmt(c.index.buildSeconds, 1),
  ]);
  const title = hasReal ? '## Configurations, all queries pooled (real and synthetic)' : '## Configurations';
  const untagged = r.untaggedSources
    ? `\n\n**Warning:** ${r.untaggedSources.count} answerable ${r.untaggedSources.count === 1 ? 'query has' : 'queries have'} no \`source\` tag in a set that holds synthetic queries (${r.untaggedSources.first.map((q) => `\`${q}\``).join(', ')}${r.untaggedSources.count > r.untaggedSources.first.length ? ', ...' : ''}): they count in the pooled means only. Tag them \`source: real\` in the queries file (published queries are real) so the real figures include them.`
    : '';
  return `${real}${title}\n\n${table(['config', ...metrics, 'p50 ms', 'p95 ms', 'index MB', 'build s'], rows)}${untagged}`;
}

/** The best value of a column (see bestPerColumn), in bold. */
const bold = (cell: string, isBest: boolean) => (isBest ? `**${cell}**` : cell);

function contextTable(r: ExperimentReport): string {
  const labels = [`hit@${r.contextK}`, `recall@${r.contextK}`, `hit@${r.rerankDepth}`, `recall@${r.rerankDepth}`];
  const rows = r.configs.map((c) => [`\`${c.name}\``, ...labels.map((l) => fmt(c.means[l]))]);
  return (
    `## Recall at the model's context (k = ${r.contextK}) and at the rerank depth (k = ${r.rerankDepth})\n\n` +
    'Recall at context_k is the ceiling on any answer; the gap up to the rerank depth is what a reranker could recover.\n\n' +
    table(['config', ...labels], rows)
  );
}

function hybridTable(r: ExperimentReport): string {
  const hybrids = r.configs.filter((c) => c.bestSingle);
  if (hybrids.length === 0) return '';
  const primary = r.metrics[0]!;
  const ctx = `recall@${r.contextK}`;
  const rows = hybrids.map((h) => {
    const s = h.bestSingle!;
    const d = (h.means[primary] ?? NaN) - (s.means[primary] ?? NaN);
    return [
      `\`${h.name}\``,
      fmt(h.means[primary]),
      fmt(h.means[ctx]),
      `\`${s.name}\``,
      fmt(s.means[primary]),
      fmt(s.means[ctx]),
      (d >= 0 ? '+' : '') + fmt(d),
    ];
  });
  return (
    `## Each hybrid next to the best single retriever on the same index\n\n` +
    'A hybrid that scores below its best single leg is fusing in a leg too weak to help.\n\n' +
    table(['hybrid', primary, ctx, 'best single', primary, ctx, `Δ ${primary}`], rows)
  );
}

function curves(r: ExperimentReport): string {
  const make = (kind: string) =>
    table(
      ['config', ...r.curveKs.map((k) => `${kind}@${k}`)],
      r.configs.map((c) => [`\`${c.name}\``, ...r.curveKs.map((k) => fmt(c.means[`${kind}@${k}`]))]),
    );
  return `## Recall curves\n\n${make('recall')}\n\n${make('hit')}`;
}

function sliceTables(r: ExperimentReport): string {
  if (r.configs.length === 0 || r.configs[0]!.slices.length === 0) return '';
  const parts = ['## Slices'];
  for (const [i, s] of r.configs[0]!.slices.entries()) {
    const best = bestPerColumn(r.configs.map((c) => r.metrics.map((m) => c.slices[i]?.means[m])));
    const rows = r.configs.map((c, ci) => [
      `\`${c.name}\``,
      ...r.metrics.map((m, j) => bold(fmt(c.slices[i]?.means[m]), best.has(`${ci}:${j}`))),
    ]);
    parts.push(`### ${s.label} (${s.n} queries)\n\n${table(['config', ...r.metrics], rows)}`);
  }
  return parts.join('\n\n');
}

function languageLegs(r: ExperimentReport): string {
  const labels = (r.configs[0]?.legs ?? []).map((l) => l.label).filter((l) => l.startsWith('language='));
  if (labels.length === 0) return '';
  const lexical = r.configs.filter((c) => configKind(c) === 'lexical');
  const hybrids = r.configs.filter((c) => configKind(c) === 'fused');
  const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(0)}%`);
  const rows = labels.map((label) => [
    label,
    ...lexical.map((c) => pct(c.legs.find((l) => l.label === label)?.zeroHit)),
    ...hybrids.map((c) => {
      const carried = c.legs.find((l) => l.label === label)?.carried;
      return carried ? `${pct(carried.bm25)} / ${pct(carried.dense)} / ${pct(carried.both)}` : '–';
    }),
  ]);
  const header = [
    'slice',
    ...lexical.map((c) => `\`${c.name}\` zero-hit`),
    ...hybrids.map((c) => `\`${c.name}\` top ${r.contextK}: led by lexical / dense / tie`),
  ];
  const englishOnly = [
    ...new Set(r.configs.map((c) => c.index.embedderId).filter((e): e is string => !!e && isEnglishOnlyEncoder(e))),
  ];
  const note =
    englishOnly.length && labels.some((l) => l !== 'language=en')
      ? `\n\nNote: ${englishOnly.join(', ')} ${englishOnly.length > 1 ? 'are English-only encoders; on other languages their' : 'is an English-only encoder; on other languages its'} dense scores measure little. Use a multilingual model (e.g. \`transformers:Xenova/multilingual-e5-small\`) to compare dense retrieval there.`
      : '';
  return (
    '## Languages: where a leg is dead\n\n' +
    'Zero-hit = share of queries for which lexical search returned nothing (a tokenizer that cannot split the script makes BM25 silent, and "hybrid" becomes dense-only). ' +
    'For each hybrid: led by lexical / dense / tie (which leg ranked each of the first context_k hybrid hits higher; a hit only one leg returned is led by that leg).\n\n' +
    table(header, rows) +
    note
  );
}

function sourceGap(r: ExperimentReport): string {
  if (!r.sourceGap?.length) return '';
  const rows = r.sourceGap.map((g) => [
    `\`${g.config}\``,
    g.metric,
    `${fmt(g.real.mean)} (${g.real.n})`,
    `${fmt(g.synthetic.mean)} (${g.synthetic.n})`,
    (g.gap >= 0 ? '+' : '') + fmt(g.gap),
  ]);
  return (
    '## Real vs synthetic queries\n\nSynthetic queries reuse the words of the passage they were generated from and usually score higher: trust the real column.\n\n' +
    table(['config', 'metric', 'real (n)', 'synthetic (n)', 'gap'], rows)
  );
}

function overlapTable(r: ExperimentReport): string {
  const o = r.overlapBySource;
  if (!o?.sources.length) return '';
  const rows = o.sources.map((s) => [s.source, String(s.queries), fmt(s.meanOverlap)]);
  const empty = o.sources.reduce((n, s) => n + s.withoutTerms, 0);
  const note = empty
    ? `\n\n${empty} ${empty === 1 ? 'query has' : 'queries have'} no term left after analysis (stop words only) and ${empty === 1 ? 'is' : 'are'} not averaged.`
    : '';
  return (
    '## Query-document overlap by source\n\n' +
    `Share of a query's terms (as the \`${o.tokenizer}\` analysis of BM25 gives them) found in its relevant documents, averaged per \`source\`. ` +
    'Questions written from a passage reuse its words and score near 1, which flatters lexical retrieval; users who have not read the passage use their own words.\n\n' +
    table(['source', 'queries', 'mean overlap'], rows) +
    (o.styles?.length
      ? '\n\nBy source and style (how each generated question was asked for):\n\n' +
        table(
          ['source', 'style', 'queries', 'mean overlap'],
          o.styles.map((s) => [s.source, s.style, String(s.queries), fmt(s.meanOverlap)]),
        )
      : '') +
    note
  );
}

/**
 * Each configuration against the baseline: the difference, its bootstrap interval, and the
 * pair's raw and adjusted p from the all-pairs tests ("–" for a pair they left out).
 */
function significance(r: ExperimentReport): string {
  const rows: string[][] = [];
  for (const c of r.configs) {
    if (!c.significance) continue;
    for (const m of r.metrics) {
      const s = c.significance[m];
      if (!s) continue;
      const tested = s.p !== undefined;
      rows.push([
        `\`${c.name}\``,
        m,
        (s.meanDiff >= 0 ? '+' : '') + fmt(s.meanDiff),
        `[${fmt(s.ci[0])}, ${fmt(s.ci[1])}]`,
        tested ? fmtP(s.p!) : '–',
        s.adjustedP !== undefined ? fmtP(s.adjustedP) : '–',
        tested ? (s.significant ? 'yes' : 'no') : '–',
      ]);
    }
  }
  if (rows.length === 0) return '';
  const untested = rows.some((row) => row[4] === '–') ? ' –: left out of those tests (failed queries).' : '';
  const how = r.allPairs
    ? `p and adjusted p: the pair's, from the tests of every pair (${procedure(r.allPairs)}).${untested}`
    : 'p: the paired randomization test (two-sided), uncorrected (a report saved before all-pairs tests).';
  return (
    `## Against the baseline \`${r.baseline}\`\n\n95% bootstrap interval of the mean per-query difference. ${how}\n\n` +
    table(['config', 'metric', 'Δ mean', '95% CI', 'p', 'adjusted p', 'significant'], rows)
  );
}

function failures(r: ExperimentReport): string {
  const parts = [
    `## Misses at context_k = ${r.contextK}`,
    'A miss: no relevant document among the first context_k results. Cause: `chunk-boundary` (an answer is in a gold document but in none of its chunks), ' +
      "`exact-token` (a code, version or key in the query appears in a gold document), `vocabulary-mismatch` (the gold document shares under half of the query's terms, " +
      'or nothing relevant was retrieved at all), `ranked-too-low` (the words are there and a gold document was retrieved, below context_k). Where: `rerank-window` (found within rerank_depth), `deep` (found further down), `not-retrieved`' +
      (r.retrievalDepth
        ? ` (no relevant document in the top ${r.retrievalDepth}, the depth each configuration retrieved).`
        : '.'),
  ];
  for (const c of r.configs) {
    parts.push(`### \`${c.name}\`: ${c.failures.length} of ${r.queries.answerable} missed\n\n${summary(c)}`);
    if (c.failures.length)
      parts.push(
        failureTable(c.failures.slice(0, FAILURES_SHOWN), r.retrievalDepth) +
          (c.failures.length > FAILURES_SHOWN ? `\n\n(${c.failures.length - FAILURES_SHOWN} more in report.json)` : ''),
      );
  }
  return parts.join('\n\n');
}

function summary(c: ConfigResult): string {
  const count = (key: 'cause' | 'bucket' | 'foundBy') =>
    Object.entries(
      c.failures.reduce<Record<string, number>>((acc, f) => ((acc[f[key]] = (acc[f[key]] ?? 0) + 1), acc), {}),
    )
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  return `Causes: ${count('cause')}. Where: ${count('bucket')}. Found by: ${count('foundBy')}.`;
}

function failureTable(fs: Failure[], depth: number | undefined): string {
  const notRetrieved = depth ? `not in top ${depth}` : 'not retrieved';
  const rows = fs.map((f) => [
    f.queryId,
    f.query.length > 60 ? f.query.slice(0, 59) + '…' : f.query,
    f.gold.map((g) => `${g.id} (${g.grade})`).join(', '),
    f.firstRelevantRank === null ? notRetrieved : String(f.firstRelevantRank),
    f.foundBy,
    f.cause,
  ]);
  return table(['query', 'text', 'gold', 'first relevant', 'found by', 'cause'], rows, ['l', 'l', 'l', 'r', 'l', 'l']);
}

function checks(r: ExperimentReport): string {
  if (r.checks.length === 0) return '';
  const lines = r.checks.map((c) => `- ${c.passed ? 'PASS' : 'FAIL'} ${c.description}: ${c.detail}`);
  return `## Checks\n\n${lines.join('\n')}`;
}
