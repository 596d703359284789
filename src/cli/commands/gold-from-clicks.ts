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
import { formatCtrCurve, formatDropped, formatPositionCurve } from '../traffic-summary-lines.js';
import { PROPENSITY_SOURCES } from '../../traffic/examination-curve.js';
import { DEFAULT_PRIOR_STRENGTH } from '../../traffic/pbm.js';
import { LOG_OPTIONS, LOG_USAGE, readLogs } from '../traffic-logs.js';

export const fromClicksUsage = `Usage: testbed gold from-clicks LOG... --out QRELS [--model coec|ctr|pbm] [--propensities log|swap]

Turns the clicks of a search log into graded judgements. LOG is what \`testbed queries sample\`
reads: a --log-queries folder, a UBI export or a CSV/JSONL click log. An impression is a document
shown at ordinal 1..--max-rank of a search (its hit list, or the log's impression events); the
click-through of each ordinal over the whole log is the position curve, printed. For each (query,
document) pair: impressions I, clicks C and expected clicks E, the sum of the curve at each of
its impressions. ctr scores C / I; coec (clicks over expected clicks, the Search Relevance
Workbench's model) scores C / E, so a document clicked as often as its positions predict scores 1
wherever it was shown. pbm fits the position-based model (P(click) = θ_rank · α_query,doc, Chuklin,
Markov & de Rijke 2015) by EM over the whole log, θ_1 fixed at 1, and scores α: the pair's click
probability when shown first, with position taken out. Its minimum-evidence rule is a Beta prior
of --prior-strength pseudo-impressions at the log mean attractiveness, so a pair moves away from
the mean only with examined impressions of its own: one click at rank 9 (examined about one time
in ten) stays near the mean, under the first grade. The printed position curve is the one the
scores used, named: "log-wide CTR (mixes ranker precision in)" for coec, "PBM examination, EM"
for pbm, "swap interventions, N searches" with --propensities swap: examination estimated from
the adjacent pairs a server with --explore swap exchanged (coec's curve becomes the first
ordinal's click-through times those propensities; pbm's θ is fixed to them). The log-wide
click-through is not position bias alone: a ranker that puts good documents first makes it fall
faster than examination does. The grade is how many --thresholds the score reaches (0 to 3); grade 0
(shown, seldom clicked) is written as judged not relevant. QRELS is a BEIR qrels TSV whose query
ids are those of \`testbed queries sample\`; QRELS.sources.jsonl records for each pair source:
clicks, the model, score, clicks, impressions and expected clicks.

Options:
  --model M           coec, ctr or pbm (default coec)
  --propensities P    log: the curve the model estimates from the log (default); swap: from the
                      log's swap interventions (coec and pbm; refused when the log has none)
  --prior-strength S  pbm: pseudo-impressions of the prior at the log mean (default ${DEFAULT_PRIOR_STRENGTH});
                      0 is plain maximum likelihood, where one click can make a grade
  --min-impressions N pairs shown fewer times are dropped and counted (default ${DEFAULT_MIN_IMPRESSIONS})
  --max-rank R        ordinals counted (default ${DEFAULT_MAX_RANK})
  --thresholds A,B,C  scores for grades 1, 2, 3 (default coec ${DEFAULT_THRESHOLDS.coec.join(',')};
                      ctr ${DEFAULT_THRESHOLDS.ctr.join(',')}; pbm ${DEFAULT_THRESHOLDS.pbm.join(',')})
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
                      grade, 0 first), ctr_curve, position_curve: {estimate, label, points:
                      [{ordinal, value, estimated, detail}]}, dropped, query_set}
${LOG_USAGE}`;

/** `testbed gold from-clicks`: graded qrels from a log's clicks. */
export async function runFromClicks(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    model: { type: 'string' },
    propensities: { type: 'string' },
    'prior-strength': { type: 'string' },
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
  const propensities = oneOf('propensities', values.propensities, PROPENSITY_SOURCES, 'log');
  if (model === 'ctr' && propensities !== 'log')
    throw new InputError(
      '--propensities swap needs --model coec or pbm: ctr scores clicks over impressions, whatever the position',
    );
  const priorStrength = priorStrengthOption(values['prior-strength']);
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
    propensities,
    ...(priorStrength !== undefined && { priorStrength }),
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
    ...(s.positionCurve.estimate === 'log-ctr'
      ? [`position click-through (ordinal, ctr): ${s.positionCurve.label}:`, ...formatCtrCurve(s.ctrCurve)]
      : [`position curve (ordinal, examination): ${s.positionCurve.label}:`, ...formatPositionCurve(s.positionCurve)]),
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
    position_curve: s.positionCurve,
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

function priorStrengthOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1_000_000)
    throw new InputError(`--prior-strength must be a number from 0 to 1000000, got "${text}"`);
  return value;
}
