import { InputError } from '../../errors.js';
import { readTrecRun } from '../../runs/trec-run-reader.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { DEFAULT_IPS_SAMPLES } from '../../traffic/click-ips.js';
import { DEFAULT_CLICK_ACTIONS, DEFAULT_MAX_RANK } from '../../traffic/click-models.js';
import { EVAL_PROPENSITIES, evalClicks } from '../../traffic/eval-clicks.js';
import { intOption, oneOf, parse } from '../args.js';
import type { Command } from '../command.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { printableLines } from '../printable.js';
import { formatDropped, formatPositionCurve } from '../traffic-summary-lines.js';
import { LOG_OPTIONS, LOG_USAGE, readLogs } from '../traffic-logs.js';

const usage = `Usage: testbed eval-clicks LOG... RUN [--propensities pbm|swap] [--k K] [--json]

Estimates how many clicks a run would get from the clicks a search log recorded for other
rankings (counterfactual evaluation by inverse propensity scoring), so a configuration that did
not serve the traffic can be scored on it. LOG is what \`testbed queries sample\` reads (a
--log-queries folder, a UBI export, a CSV/JSONL click log); RUN, the last argument, is a TREC run
whose query ids are the log's query keys (log-<hash>, as \`testbed queries sample\` writes them:
retrieve over that query set). For each logged search s of a query the run ranks, with clicked
documents C_s shown at ordinals r_s(d), and p the examination of each ordinal relative to the
first:

  IPS_s = sum over d in C_s and in the run's top k of 1 / p(r_s(d))
  W_s   = sum over d in C_s of 1 / p(r_s(d))
  IPS   = mean of IPS_s over the N searches: clicks per search the run's top k would get if
          each of its documents were examined as the first result is
  SNIPS = sum IPS_s / sum W_s: the share of the log's propensity-weighted clicks that land in
          the run's top k (0 to 1; self-normalised, less variance, slightly biased)

each with a percentile bootstrap 95% interval over searches (the propensities held: their own
estimation error is not in it, so read a narrow interval from a small swap log with care). A document of the run's top k that
no logged search of its query showed can never have been clicked: the share of such slots is
printed, and the estimate counts them as unclicked (no estimate is possible there). The verdict
says "too wide to decide" when the IPS interval is wider than the estimate itself.

Options:
  --propensities P    where p comes from: pbm, the examination of the position-based model
                      fitted by EM over the log (default); swap, the swap interventions a
                      server with --explore swap logged (refused when the log has none)
  --k K               the run's top k scored (default 10)
  --max-rank R        ordinals of the log counted (default ${DEFAULT_MAX_RANK})
  --click-action NAME action_name values that count as clicks (repeatable; default ${DEFAULT_CLICK_ACTIONS.join(', ')})
  --seed S            seeds the bootstrap (default ${DEFAULT_SEED}; ${DEFAULT_IPS_SAMPLES} resamples)
  --keep-pii          key queries by the text as typed (if the query set was sampled with it)
  --json              print JSON on stdout instead: {run, k, propensities: {estimate, label,
                      curve: [{ordinal, propensity, estimated, detail}]}, searches,
                      searches_outside_run, queries, clicks, clicks_in_top_k, slots,
                      unseen_slots, unseen_share, ips: {estimate, ci95}, snips: {estimate,
                      ci95}, verdict, dropped}
${LOG_USAGE}
  -h, --help          show this help`;

/** `testbed eval-clicks`: a run's counterfactual click-through at k from a log's clicks. */
export const evalClicksCommand: Command = {
  name: 'eval-clicks',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      propensities: { type: 'string' },
      k: { type: 'string' },
      'max-rank': { type: 'string' },
      'click-action': { type: 'string', multiple: true },
      seed: { type: 'string' },
      'keep-pii': { type: 'boolean' },
      ...JSON_OPTION,
      ...LOG_OPTIONS,
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (positionals.length < 2) throw new InputError(`needs LOG and RUN\n\n${usage}`);
    const runFile = positionals.at(-1)!;
    const propensities = oneOf('propensities', values.propensities, EVAL_PROPENSITIES, 'pbm');
    const k = intOption('k', values.k, 10, 1, 100_000);
    const maxRank = intOption('max-rank', values['max-rank'], DEFAULT_MAX_RANK, 1, 1000);
    const seed = intOption('seed', values.seed, DEFAULT_SEED, 0, 2 ** 32 - 1);
    const run = await readTrecRun(runFile);
    const traffic = await readLogs(positionals.slice(0, -1), values, usage);
    const r = evalClicks(traffic, run, {
      propensities,
      k,
      maxRank,
      seed,
      keepPii: values['keep-pii'] === true,
      ...(values['click-action'] && { clickActions: values['click-action'] }),
    });
    const fixed = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(4));
    const estimateLine = (name: string, e: { estimate: number; ci95: [number, number] }, what: string) =>
      `${name.padEnd(5)} ${fixed(e.estimate)}  95% CI [${fixed(e.ci95[0])}, ${fixed(e.ci95[1])}]  ${what}`;
    const lines = [
      `read ${traffic.searches.length} searches`,
      ...formatDropped(r.dropped),
      `propensities (ordinal, examination relative to the first): ${r.curve.label}`,
      ...formatPositionCurve(r.curve),
      `${runFile}: ${r.searches} searches of ${r.queries} queries the run ranks ` +
        `(${r.searchesOutsideRun} searches of other queries left out); ${r.clicks} clicks, ${r.clicksInTopK} on its top ${r.k}`,
      `unseen: ${r.unseenSlots} of ${r.slots} top-${r.k} slots (${(r.unseenShare * 100).toFixed(1)}%) hold documents the log never showed for their query: no estimate possible there`,
      estimateLine('IPS', r.ips, `clicks per search on the top ${r.k}, each examined as the first result is`),
      estimateLine('SNIPS', r.snips, `share of the propensity-weighted clicks in the top ${r.k}`),
      `verdict: ${r.verdict}`,
    ];
    const finite = (x: number) => (Number.isNaN(x) ? null : x);
    printResult(io, values.json, printableLines(lines.join('\n')) + '\n', {
      run: runFile,
      k: r.k,
      propensities: {
        estimate: r.curve.estimate,
        label: r.curve.label,
        curve: r.curve.points.map((p) => ({
          ordinal: p.ordinal,
          propensity: p.value,
          estimated: p.estimated,
          detail: p.detail,
        })),
      },
      searches: r.searches,
      searches_outside_run: r.searchesOutsideRun,
      queries: r.queries,
      clicks: r.clicks,
      clicks_in_top_k: r.clicksInTopK,
      slots: r.slots,
      unseen_slots: r.unseenSlots,
      unseen_share: r.unseenShare,
      ips: { estimate: finite(r.ips.estimate), ci95: r.ips.ci95.map(finite) },
      snips: { estimate: finite(r.snips.estimate), ci95: r.snips.ci95.map(finite) },
      verdict: r.verdict,
      dropped: r.dropped,
    });
    return 0;
  },
};
