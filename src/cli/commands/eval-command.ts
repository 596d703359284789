import { readQuerySet } from '../../gold/index.js';
import {
  DEFAULT_METRICS,
  evaluateRunQueries,
  formatValue,
  metricHelpLines,
  parseMetricLists,
  type Evaluation,
  type ParsedMetric,
  SOURCE_MIX_K,
  SUCCESS_CUTOFFS,
  TREC_CUTOFFS,
  trecName,
} from '../../metrics/index.js';
import { InputError } from '../../errors.js';
import { readRunQueries } from '../../runs/run-queries.js';
import { intOption, oneOf, parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { judgementNotes } from '../judgement-notes.js';
import { loadJudgements } from '../load-judgements.js';

/** The help text, computed on each call so that it lists the metrics registered now. */
const usage = () => `Usage: testbed eval QRELS RUN [options]

Scores a TREC run file against relevance judgements the way trec_eval -c does, and prints
one line per metric in trec_eval's layout on stdout: metric, "all", mean over the evaluated
queries (stdout holds only these lines, for parsers). How many queries counted goes to stderr.

QRELS is BEIR tsv (query-id corpus-id score) or TREC (qid iter docid rel). RUN is a TREC run
(qid Q0 docid rank score tag). As in trec_eval, each query's documents are ranked by score,
ties by docid descending; the rank column is ignored. RUN is read and scored one query at a
time, so each query's lines must be together (sort -s -k1,1 RUN groups them); a query id that
comes back after another query's lines is refused at its line.

Counting queries (the words \`retrieve\` and \`experiment\` use too):
  answerable    in the qrels with at least one relevant document: evaluated. One the run
                lacks (it got no hits, and a run file cannot hold an empty ranking) scores 0,
                as trec_eval -c scores it.
  unanswerable  no document graded relevant: either judged with none relevant, or not in the
                qrels at all (a run query, or with --queries a query of that file, that no
                judgement names). Left out of the means and listed; --trec-compat averages
                the judged ones in as 0, as trec_eval -c does (it ignores the rest too).
An experiment counts the same way over its queries file, so \`eval --queries QUERIES\` gives the
experiment's count; without it a query that got no hits and has no judgement is not seen.

Judgements recorded with \`testbed gold add\` (QRELS.additions.jsonl, next to QRELS) are merged
in, as the experiment runner does, and a note on stderr says how many; --original scores the
qrels file alone, as trec_eval would see it.

Options:
  --metrics LIST, -m LIST
                      comma-separated metrics (repeat the flag to add more), default
                      ${DEFAULT_METRICS}
${metricHelpLines(' '.repeat(24)).join('\n')}
                      also accepted: P@K, R@K, nDCG@K, success@K, hit_rate@K, AP, RR, Rprec
                      trec_eval's names: P_5, recall_100, ndcg_cut_10, map_cut_10, success_10,
                      recip_rank, map, Rprec, bpref; its -m form P.5,10 (P_5 and P_10); and
                      all_trec: map, Rprec, bpref, recip_rank, then P, recall, ndcg_cut and
                      map_cut at ${TREC_CUTOFFS.join(',')} and success at ${SUCCESS_CUTOFFS.join(',')} (the
                      measures of trec_eval's that the testbed computes, at its cutoffs)
  --names N           testbed (default): label lines ndcg@10, precision@5, ...; trec: print
                      trec_eval's names (ndcg_cut_10, P_5, recip_rank, ...) so the output
                      replaces trec_eval's in its scripts (a metric trec_eval lacks, such as
                      mrr@10 or judged@10, is refused)
  --threshold N       lowest grade counted relevant (default 1; 0 or more, like trec_eval -l);
                      nDCG uses the grades themselves and ignores it, as trec_eval does
  --queries FILE      the query set (BEIR queries.jsonl): count its queries that neither the
                      run nor the qrels hold as unanswerable too, as an experiment does
  --original          ignore QRELS.additions.jsonl: score the qrels file as published
  --trec-compat       average unanswerable qrels queries in as 0: the means trec_eval -c prints
  --condensed         score condensed lists (Sakai; trec_eval -J): each ranking with its unjudged
                      documents removed first, the judged ones moving up, so holes in the qrels
                      no longer count as misses (bpref instead keeps the ranking and skips them)
  --per-query         also print each query's values (metric, query id, value) before the means
  --json              print JSON: {metrics: {metric: mean}, queries: N evaluated,
                      unanswerable: [ids] (judged and not), missing_from_run: N,
                      not_in_qrels: N (how many of unanswerable no judgement names),
                      per_query: {query id: {metric: value}} with --per-query,
                      sources: the judgements behind the top 10, below}

Where the judgements came from: stderr says which share of the run's top 10 (over the queries
evaluated) was judged from each source (published: the qrels file; human, llm, tickets, clicks:
recorded in QRELS.additions.jsonl or QRELS.sources.jsonl) and which share is unjudged. When some
come from clicks it warns: they judge only what the logged pipeline showed, and it says how many
of this run's top 10 documents that pipeline never showed.
  -h, --help          show this help`;

// trec_eval prints the measure name left-aligned in 22 columns ("%-22s\t%s\t%6.4f").
const NAME_WIDTH = 22;
const MAX_LISTED = 10;

export const evalCommand: Command = {
  name: 'eval',
  get usage() {
    return usage();
  },
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      metrics: { type: 'string', short: 'm', multiple: true },
      names: { type: 'string' },
      threshold: { type: 'string' },
      'per-query': { type: 'boolean' },
      original: { type: 'boolean' },
      'trec-compat': { type: 'boolean' },
      condensed: { type: 'boolean' },
      json: { type: 'boolean' },
      queries: { type: 'string' },
    });
    if (values.help) return (io.out(usage() + '\n'), 0);
    const qrelsFile = positional(positionals, 0, 'QRELS', usage());
    const runFile = positional(positionals, 1, 'RUN', usage());
    const metrics = parseMetricLists(values.metrics ?? [DEFAULT_METRICS]);
    const printed = printedNames(metrics, oneOf('names', values.names, ['testbed', 'trec'], 'testbed'));
    const threshold = intOption('threshold', values.threshold, 1, 0);
    const [judgements, querySet] = await Promise.all([
      loadJudgements(qrelsFile, { original: Boolean(values.original), threshold }, io),
      values.queries === undefined ? undefined : readQuerySet(values.queries),
    ]);
    const qrels = judgements.grades;
    const trecCompat = Boolean(values['trec-compat']);
    // The run is scored as it is read, one query at a time: only each query's top 10 is kept, for the notes.
    const {
      evaluation: result,
      runQueries,
      top,
    } = await evaluateRunQueries(judgements, readRunQueries(runFile), metrics, {
      unanswerable: trecCompat ? 'zero' : 'omit',
      condensed: Boolean(values.condensed),
      keep: SOURCE_MIX_K,
    });
    if (!runQueries.some((qid) => qrels.has(qid))) {
      io.err(
        `warning: the run (${plural(runQueries.length, 'query')}) and the qrels (${plural(qrels.size, 'query')}) share no query id; do the ids match?\n`,
      );
    }
    const queryIds = [...runQueries, ...(querySet ?? []).map((q) => q.id)];
    const counts = countQueries(result, queryIds, new Set(runQueries), qrels);
    const perQuery = Boolean(values['per-query']);
    if (values.json) {
      const sources = judgementNotes(judgements, top, result.evaluated, io);
      io.out(JSON.stringify({ ...toJson(result, counts, perQuery, printed), sources }, null, 2) + '\n');
    } else {
      io.out(toText(result, metrics, perQuery, printed));
      io.err(
        summary(result, counts, threshold, trecCompat) +
          (values.condensed ? '; scored on condensed lists (unjudged documents removed first)' : '') +
          '\n',
      );
      judgementNotes(judgements, top, result.evaluated, io);
    }
    return 0;
  },
};

/** The query counts of the summary line, in the vocabulary of the usage text. */
interface QueryCounts {
  /** Answerable queries with no line in the run (scored 0). */
  missingFromRun: number;
  /** Every unanswerable query: judged with none relevant (the evaluation's), then those no judgement names. */
  unanswerable: string[];
  /** How many of `unanswerable` the qrels do not hold (never averaged in: trec_eval ignores them). */
  notInQrels: number;
}

/**
 * Counts as an experiment does: a query seen in the run or the query set (`queryIds`) that the
 * qrels do not hold has no relevant document, so it is unanswerable like a judged query with
 * none relevant.
 */
function countQueries(
  result: Evaluation,
  queryIds: readonly string[],
  inRun: ReadonlySet<string>,
  qrels: ReadonlyMap<string, unknown>,
): QueryCounts {
  const judgedUnanswerable = new Set(result.unanswerable);
  const notInQrels = [...new Set(queryIds.filter((qid) => !qrels.has(qid)))];
  return {
    missingFromRun: result.evaluated.filter((qid) => !inRun.has(qid) && !judgedUnanswerable.has(qid)).length,
    unanswerable: [...result.unanswerable, ...notInQrels],
    notInQrels: notInQrels.length,
  };
}

/** Each metric's label (`ndcg@10`) -> the name printed for it: the label itself, or with `--names trec` trec_eval's (`ndcg_cut_10`). */
type PrintedNames = ReadonlyMap<string, string>;

function printedNames(metrics: readonly ParsedMetric[], names: 'testbed' | 'trec'): PrintedNames {
  if (names === 'testbed') return new Map(metrics.map((m) => [m.label, m.label]));
  const lacking = metrics.filter((m) => trecName(m) === undefined).map((m) => m.label);
  if (lacking.length > 0)
    throw new InputError(
      `--names trec: trec_eval has no measure for ${lacking.join(', ')}; leave ${lacking.length === 1 ? 'it' : 'them'} out of --metrics or print the testbed's names`,
    );
  return new Map(metrics.map((m) => [m.label, trecName(m)!]));
}

/** Re-keys a label -> value record with the printed names. */
function renamed(scores: Record<string, number>, printed: PrintedNames): Record<string, number> {
  return Object.fromEntries(Object.entries(scores).map(([label, value]) => [printed.get(label) ?? label, value]));
}

/** stdout: trec_eval's lines and nothing else, so its parsers read it unchanged. */
function toText(
  result: Evaluation,
  metrics: readonly ParsedMetric[],
  perQuery: boolean,
  printed: PrintedNames,
): string {
  const line = (label: string, qid: string, value: number) =>
    `${printed.get(label)!.padEnd(NAME_WIDTH)}\t${qid}\t${formatValue(value)}`;
  const lines: string[] = [];
  if (perQuery) {
    for (const [qid, scores] of result.perQuery)
      for (const m of metrics) lines.push(line(m.label, qid, scores[m.label]!));
  }
  for (const m of metrics) lines.push(line(m.label, 'all', result.mean[m.label]!));
  return lines.join('\n') + '\n';
}

/** The stderr line: answerable and unanswerable counts in the words `experiment` uses. */
function summary(result: Evaluation, counts: QueryCounts, threshold: number, trecCompat: boolean): string {
  const { unanswerable, notInQrels } = counts;
  const judged = unanswerable.length - notInQrels;
  const answerable = result.evaluated.length - (trecCompat ? judged : 0);
  let text = `${plural(answerable, 'answerable query', 'answerable queries')} evaluated (${counts.missingFromRun} not in the run: no hits, scored 0)`;
  text += `; ${plural(unanswerable.length, 'unanswerable query', 'unanswerable queries')} (no document graded ${threshold} or more: ${judged} judged, ${notInQrels} not in the qrels)`;
  text += trecCompat
    ? ' of which the judged are averaged in as 0 (--trec-compat, as trec_eval -c) and the rest left out'
    : ' left out (--trec-compat averages the judged ones in as 0)';
  if (unanswerable.length > 0) {
    const shown = unanswerable.slice(0, MAX_LISTED).join(' ');
    text += `: ${shown}${unanswerable.length > MAX_LISTED ? ' ...' : ''}`;
  }
  return text;
}

function plural(n: number, one: string, many = one.replace(/y$/, 'ies')): string {
  return `${n} ${n === 1 ? one : many}`;
}

function toJson(result: Evaluation, counts: QueryCounts, perQuery: boolean, printed: PrintedNames) {
  return {
    metrics: renamed(result.mean, printed),
    queries: result.evaluated.length,
    unanswerable: counts.unanswerable,
    missing_from_run: counts.missingFromRun,
    not_in_qrels: counts.notInQrels,
    ...(perQuery
      ? { per_query: Object.fromEntries([...result.perQuery].map(([qid, scores]) => [qid, renamed(scores, printed)])) }
      : {}),
  };
}
