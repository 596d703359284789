import { printableLines } from '../printable.js';
import { DEFAULT_CLICK_ACTIONS } from '../../traffic/click-models.js';
import { interleavingReport, interleavingsJson } from '../../traffic/interleaving/interleaving-report.js';
import { WINNER_ALPHA } from '../../traffic/interleaving/pair-preferences.js';
import { DEFAULT_SEED } from '../../stats/prng.js';
import { DEFAULT_SAMPLES } from '../../stats/bootstrap.js';
import { parse } from '../args.js';
import type { Command } from '../command.js';
import { interleaveTable } from '../interleave-table.js';
import { JSON_OPTION, printResult } from '../json-output.js';
import { formatDropped } from '../traffic-summary-lines.js';
import { readLogs } from '../traffic-logs.js';

const usage = `Usage: testbed interleave LOG... [--name N] [--json]

Says which arm of each interleaving users preferred, from a log written by \`testbed serve
--log-queries DIR --interleave FILE\` (LOG: that folder, or files of it; several may be given).
Each interleaved search's record names its interleaving and the arm (team) each shown hit came
from, so the log alone credits the clicks:

  team-draft, team-draft-multileave: a click counts for the team of the clicked hit (the arm
    the merge took it from, even when another arm ranked the same document too)
  balanced: Joachims' rule: with l the lowest clicked rank of the shown list and k the
    smallest j with that document at rank j of either arm's own list, each arm gets the
    clicked documents in its top k

Clicks are counted once per document and search; clicks on documents the list did not show
are ignored and counted. Per pair of arms (A, B) (multileave: every pair, from the same
searches) a search is won by the arm with more clicks, equal non-zero counts tie, and searches
with no click for either arm are counted apart. Printed per pair:
  searches        searches with clicks for A or B
  Δ (A − B)       (wins_A − wins_B) / (wins_A + wins_B + ties): above 0 favours A
  95% CI          percentile bootstrap interval of Δ over searches (${DEFAULT_SAMPLES.toLocaleString('en-US')} resamples, seed ${DEFAULT_SEED})
  p               two-sided exact sign test over the non-tied searches
  winner          the arm with more wins when p < ${WINNER_ALPHA}, else -
  more searches   searches with clicks still needed to decide at the current Δ: the normal
                  approximation of the sign test's sample size at α 0.05 and power 0.8,
                  m = ((1.96·0.5 + 0.84·√(w(1−w))) / (w − 0.5))² non-tied searches for a win
                  share w = wins_A / (wins_A + wins_B), over (1 − tie rate), less the
                  searches logged (0 once decided, at least 1 while undecided;
                  "cannot tell" when Δ is 0)

Options:
  --name N            only the interleaving named N
  --click-action NAME action_name values that count as clicks (repeatable; default ${DEFAULT_CLICK_ACTIONS.join(', ')})
  --json              print JSON on stdout instead (the lines go to stderr): {interleavings:
                      [{name, method, arms, searches, searches_without_clicks, wins: {ARM: n},
                      ties, delta, ci95, p, winner, more_searches_needed}], interleaved_searches,
                      ignored, dropped} (multileave: one entry per pair; null where there is no
                      value)
  -h, --help          show this help`;

/** `testbed interleave`: the preference between the arms of each interleaving in a log. */
export const interleaveCommand: Command = {
  name: 'interleave',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      name: { type: 'string' },
      'click-action': { type: 'string', multiple: true },
      ...JSON_OPTION,
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    const traffic = await readLogs(positionals, {}, usage);
    const report = interleavingReport(traffic, {
      ...(values.name !== undefined && { name: values.name }),
      ...(values['click-action'] && { clickActions: values['click-action'] }),
    });
    const lines = [
      `read ${traffic.searches.length} searches, ${report.interleavedSearches} of them interleaved`,
      ...formatDropped(report.dropped),
      ...formatDropped(report.ignored),
      ...(report.preferences.length === 0 ? ['no interleaved search in the log'] : interleaveTable(report.preferences)),
    ];
    printResult(io, values.json, printableLines(lines.join('\n')) + '\n', interleavingsJson(report));
    return 0;
  },
};
