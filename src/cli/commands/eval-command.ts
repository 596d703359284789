import { readQrels } from '../../corpus/read-qrels.js';
import { readAdditions, readGold } from '../../gold/index.js';
import { DEFAULT_METRICS, evaluate, formatValue, parseMetricList, type Evaluation, type ParsedMetric } from '../../metrics/index.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import { intOption, parse, positional } from '../args.js';
import type { Command } from '../command.js';

const usage = `Usage: testbed eval QRELS RUN [options]

Scores a TREC run file against relevance judgements the way trec_eval -c does, and prints
one line per metric in trec_eval's layout: metric, "all", mean over the evaluated queries.

QRELS is BEIR tsv (query-id corpus-id score) or TREC (qid iter docid rel). RUN is a TREC run
(qid Q0 docid rank score tag). As in trec_eval, each query's documents are ranked by score,
ties by docid descending; the rank column is ignored.

Every qrels query with a relevant document is evaluated; one missing from the run scores 0.
Run queries not in the qrels are ignored. Qrels queries with no relevant document are
unanswerable: left out of the means and counted apart (trec_eval would average them in as 0).

Judgements recorded with \`testbed gold add\` (QRELS.additions.jsonl, next to QRELS) are merged
in, as the experiment runner does, and a note on stderr says how many; --original scores the
qrels file alone, as trec_eval would see it.

Options:
  --metrics LIST      comma-separated metrics, default
                      ${DEFAULT_METRICS}
                        hit@K        1 if any relevant doc is in the top K (trec_eval success_K)
                        recall@K     share of all relevant docs found in the top K (recall_K)
                        precision@K  relevant docs in the top K, divided by K (P_K)
                        mrr, mrr@K   1 / rank of the first relevant doc (recip_rank)
                        ndcg@K       nDCG, gain = grade, log2 discount (ndcg_cut_K)
                        map, map@K   average precision (map, map_cut_K)
                        r-precision  precision at rank R = number of relevant docs (Rprec)
                      also accepted: P@K, R@K, nDCG@K, success@K, hit_rate@K, AP, RR, Rprec
  --threshold N       lowest grade counted relevant (default 1; 0 or more, like trec_eval -l);
                      nDCG uses the grades themselves and ignores it, as trec_eval does
  --original          ignore QRELS.additions.jsonl: score the qrels file as published
  --per-query         also print each query's values (metric, query id, value) before the means
  --json              print JSON: {metrics: {metric: mean}, queries: N, unanswerable: [ids],
                      per_query: {query id: {metric: value}} with --per-query}
  -h, --help          show this help`;

// trec_eval prints the measure name left-aligned in 22 columns ("%-22s\t%s\t%6.4f").
const NAME_WIDTH = 22;
const MAX_LISTED = 10;

export const evalCommand: Command = {
  name: 'eval',
  summary: 'score a TREC run against qrels (nDCG, recall, hit, MRR, MAP, ...) like trec_eval',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      metrics: { type: 'string' },
      threshold: { type: 'string' },
      'per-query': { type: 'boolean' },
      original: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.help) return io.out(usage + '\n'), 0;
    const qrelsFile = positional(positionals, 0, 'QRELS', usage);
    const runFile = positional(positionals, 1, 'RUN', usage);
    const metrics = parseMetricList(values.metrics ?? DEFAULT_METRICS);
    const threshold = intOption('threshold', values.threshold, 1, 0);
    const [qrels, run] = await Promise.all([loadJudgements(qrelsFile, Boolean(values.original), io), readTrecRun(runFile)]);
    if (![...run.keys()].some((qid) => qrels.has(qid))) {
      io.err(`warning: the run (${plural(run.size, 'query')}) and the qrels (${plural(qrels.size, 'query')}) share no query id; do the ids match?\n`);
    }
    const result = evaluate(qrels, run, metrics, { threshold });
    const perQuery = Boolean(values['per-query']);
    if (values.json) io.out(JSON.stringify(toJson(result, perQuery), null, 2) + '\n');
    else io.out(toText(result, metrics, perQuery, [...run.keys()], threshold));
    return 0;
  },
};

/** The qrels, grown by their recorded additions unless `original`; says on stderr what was merged. */
async function loadJudgements(qrelsFile: string, original: boolean, io: { err(text: string): void }) {
  if (original) return readQrels(qrelsFile);
  const additions = (await readAdditions(qrelsFile)).length;
  if (additions > 0) io.err(`note: merged ${plural(additions, 'judgement')} from ${qrelsFile}.additions.jsonl (--original to leave them out)\n`);
  return readGold(qrelsFile);
}

function toText(result: Evaluation, metrics: readonly ParsedMetric[], perQuery: boolean, runQueries: string[], threshold: number): string {
  const line = (label: string, qid: string, value: number) => `${label.padEnd(NAME_WIDTH)}\t${qid}\t${formatValue(value)}`;
  const lines: string[] = [];
  if (perQuery) {
    for (const [qid, scores] of result.perQuery) for (const m of metrics) lines.push(line(m.label, qid, scores[m.label]!));
  }
  for (const m of metrics) lines.push(line(m.label, 'all', result.mean[m.label]!));
  lines.push(summary(result, new Set(runQueries), threshold));
  return lines.join('\n') + '\n';
}

function summary(result: Evaluation, runQueries: Set<string>, threshold: number): string {
  const missing = result.evaluated.filter((qid) => !runQueries.has(qid)).length;
  const { unanswerable } = result;
  let text = `${plural(result.evaluated.length, 'query')} evaluated (${missing} missing from the run, scored 0)`;
  text += `; ${plural(unanswerable.length, 'qrels query', 'qrels queries')} unanswerable (no document graded ${threshold} or more), left out`;
  if (unanswerable.length > 0) {
    const shown = unanswerable.slice(0, MAX_LISTED).join(' ');
    text += `: ${shown}${unanswerable.length > MAX_LISTED ? ' ...' : ''}`;
  }
  return text;
}

function plural(n: number, one: string, many = one.replace(/y$/, 'ies')): string {
  return `${n} ${n === 1 ? one : many}`;
}

function toJson(result: Evaluation, perQuery: boolean) {
  return {
    metrics: result.mean,
    queries: result.evaluated.length,
    unanswerable: result.unanswerable,
    ...(perQuery ? { per_query: Object.fromEntries(result.perQuery) } : {}),
  };
}
