import { printableLines } from '../printable.js';
import { readQuerySet } from '../../gold/read-query-set.js';
import { InputError } from '../../errors.js';
import {
  CLICK_MODELS,
  DEFAULT_CLICK_ACTIONS,
  DEFAULT_MAX_RANK,
  DEFAULT_THRESHOLDS,
} from '../../traffic/click-models.js';
import { judgeClicks } from '../../traffic/judge-clicks.js';
import { DEFAULT_MIN_IMPRESSIONS } from '../../traffic/min-impressions.js';
import { intOption, oneOf, parse } from '../args.js';
import type { CliIo } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { formatCtrCurve, formatDropped } from '../traffic-summary-lines.js';
import { LOG_OPTIONS, LOG_USAGE, readLogs } from '../traffic-logs.js';

export const fromClicksUsage = `Usage: testbed gold from-clicks LOG... --out QRELS [--model coec|ctr] [--min-impressions N]

Turns the clicks of a search log into graded judgements. LOG is what \`testbed queries sample\`
reads: a --log-queries folder, a UBI export or a CSV/JSONL click log. An impression is a document
shown at ordinal 1..--max-rank of a search (its hit list, or the log's impression events); the
click-through of each ordinal over the whole log is the position curve, printed. For each (query,
document) pair: impressions I, clicks C and expected clicks E, the sum of the curve at each of
its impressions. ctr scores C / I; coec (clicks over expected clicks, the Search Relevance
Workbench's model) scores C / E, so a document clicked as often as its positions predict scores 1
wherever it was shown. The grade is how many --thresholds the score reaches (0 to 3); grade 0
(shown, seldom clicked) is written as judged not relevant. QRELS is a BEIR qrels TSV whose query
ids are those of \`testbed queries sample\`; QRELS.sources.jsonl records for each pair source:
clicks, the model, score, clicks, impressions and expected clicks.

Options:
  --model M           coec or ctr (default coec)
  --min-impressions N pairs shown fewer times are dropped and counted (default ${DEFAULT_MIN_IMPRESSIONS})
  --max-rank R        ordinals counted (default ${DEFAULT_MAX_RANK})
  --thresholds A,B,C  scores for grades 1, 2, 3 (default coec ${DEFAULT_THRESHOLDS.coec.join(',')};
                      ctr ${DEFAULT_THRESHOLDS.ctr.join(',')})
  --click-action NAME action_name values that count as clicks (repeatable; default ${DEFAULT_CLICK_ACTIONS.join(', ')})
  --out QRELS         the qrels file to write (replaced whole; its folder created)
  --queries FILE      judge only the queries of this query set (a queries.jsonl written by
                      \`testbed queries sample\`): an experiment refuses qrels naming queries its
                      set lacks; the summary says how many of the set's queries got judgements
  --keep-pii          key queries by the text as typed: use it here only if the query set was
                      sampled with --keep-pii, or the ids will not join
  --json              print JSON on stdout instead (the lines go to stderr): {qrels, sources,
                      model, min_impressions, max_rank, thresholds, searches, clicks,
                      queries_kept, pairs_kept, pairs_below_min_impressions, grades (pairs per
                      grade, 0 first), ctr_curve, dropped, query_set}
${LOG_USAGE}`;

/** `testbed gold from-clicks`: graded qrels from a log's clicks. */
export async function runFromClicks(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    model: { type: 'string' },
    'min-impressions': { type: 'string' },
    'max-rank': { type: 'string' },
    thresholds: { type: 'string' },
    'click-action': { type: 'string', multiple: true },
    out: { type: 'string' },
    queries: { type: 'string' },
    'keep-pii': { type: 'boolean' },
    ...JSON_OPTION,
    ...LOG_OPTIONS,
  });
  if (values.help) return (io.out(fromClicksUsage + '\n'), 0);
  if (values.out === undefined) throw new InputError(`--out is required\n\n${fromClicksUsage}`);
  const model = oneOf('model', values.model, CLICK_MODELS, 'coec');
  // Every flag is checked before a log is read.
  const minImpressions = intOption(
    'min-impressions',
    values['min-impressions'],
    DEFAULT_MIN_IMPRESSIONS,
    0,
    1_000_000_000,
  );
  const maxRank = intOption('max-rank', values['max-rank'], DEFAULT_MAX_RANK, 1, 1000);
  const thresholds = values.thresholds === undefined ? undefined : thresholdsOption(values.thresholds);
  const traffic = await readLogs(positionals, values, fromClicksUsage);
  const s = judgeClicks(traffic, values.out, {
    model,
    minImpressions,
    maxRank,
    ...(thresholds && { thresholds }),
    ...(values['click-action'] && { clickActions: values['click-action'] }),
    keepPii: values['keep-pii'] === true,
    ...(values.queries !== undefined && { queryIds: new Set((await readQuerySet(values.queries)).map((q) => q.id)) }),
  });
  const lines = [
    `read ${s.searches} searches with ${s.clicks} clicks`,
    ...formatDropped(s.dropped),
    `position click-through (ordinal, ctr) over the whole log:`,
    ...formatCtrCurve(s.ctrCurve),
    `${s.model}: kept ${s.pairsKept} pairs over ${s.queriesKept} queries; ` +
      `dropped ${s.pairsBelowMinImpressions} pairs shown fewer than ${s.minImpressions} times`,
    ...(s.querySet
      ? [
          `query set: ${s.querySet.judged} of its ${s.querySet.queries} queries judged; ` +
            `${s.querySet.pairsOutside} pairs of queries outside it left out`,
        ]
      : []),
    `grades (thresholds ${s.thresholds.join(', ')}): ${s.grades.map((n, g) => `${g}: ${n}`).join(', ')}`,
    `wrote ${s.qrels} and ${s.sources}`,
  ];
  printResult(io, values.json, printableLines(lines.join('\n')) + '\n', {
    qrels: s.qrels,
    sources: s.sources,
    model: s.model,
    min_impressions: s.minImpressions,
    max_rank: s.maxRank,
    thresholds: s.thresholds,
    searches: s.searches,
    clicks: s.clicks,
    queries_kept: s.queriesKept,
    pairs_kept: s.pairsKept,
    pairs_below_min_impressions: s.pairsBelowMinImpressions,
    grades: s.grades,
    ctr_curve: s.ctrCurve,
    dropped: s.dropped,
    query_set:
      s.querySet === undefined
        ? null
        : { queries: s.querySet.queries, judged: s.querySet.judged, pairs_outside: s.querySet.pairsOutside },
  });
  return 0;
}

function thresholdsOption(text: string): number[] {
  const values = text.split(',').map((t) => Number(t.trim()));
  const ascending = values.every((v, i) => i === 0 || v >= values[i - 1]!);
  if (values.some((v) => !Number.isFinite(v) || v < 0) || !ascending)
    throw new InputError(`--thresholds must be non-negative numbers in ascending order, as in 0.5,1,2; got "${text}"`);
  return values;
}
