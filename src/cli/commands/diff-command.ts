import { InputError } from '../../errors.js';
import { withQueryDetails } from '../../experiments/recorded-query-details.js';
import { diffSummary, renderDiffText } from '../../reports/diff/diff-text.js';
import { readReportFile, reportFolder } from '../../reports/diff/read-report-file.js';
import { judgementChange } from '../../experiments/judgement-change.js';
import { DEFAULT_TOP, diffReports } from '../../reports/diff/report-diff.js';
import { intOption, parse } from '../args.js';
import type { Command } from '../command.js';

const usage = `Usage: testbed diff REPORT_A REPORT_B [options]

Compares two experiment reports (each a report.json, or the output folder holding it, e.g.
results/NAME): what changed from A to B, configuration by configuration. Configurations are
matched by name; those in only one report are named and left out.

Prints, for the configurations in both:
  - a table of configurations by metrics, each cell the mean's B − A; a difference that prints
    as 0.0000 at four decimals is called a tie, never a gain or a loss
  - whether A and B were scored against the same judgements (each report folder keeps the
    qrels it was scored with, qrels.tsv): when not, the pairs added, removed and regraded by
    source, and each configuration's runs re-scored with the other report's judgements, so a
    change of system and a change of judgements are two numbers
  - per configuration, B's wins, losses and ties against A query by query on --metric (over
    the queries both reports scored; ties again at the printed precision), and the --top
    queries that moved most (largest |B − A|), with their text (a report saved before
    reports recorded it has it read from the queries file its config names, if still there)

Options:
  --metric M    the metric of the per-query comparison (default: A's primary metric, the
                first of its metrics); must be one both reports scored
  --top N       moved queries listed per configuration (default ${DEFAULT_TOP})
  --json        print the diff as JSON (a, b, metric, metrics, onlyInA, onlyInB, queries
                {a, b, both}: query ids scored in each and in both, configs: each
                with means [{metric, a, b, delta, outcome}], counts {wins, losses, ties}
                and moved [{id, text, a, b, delta, outcome}], judgements: {kind: same |
                changed | unknown, added, removed, regraded by source, rescored: per
                configuration bWithA and aWithB means}) instead of the tables
  -h, --help    show this help

A one-line summary goes to stderr (after a line per report whose query texts were read). Exit status: 0 when the diff is printed, 2 on bad input (a
file or folder that is missing or not a report, named; an unknown --metric).`;

export const diffCommand: Command = {
  name: 'diff',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      metric: { type: 'string' },
      top: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    if (positionals.length !== 2)
      throw new InputError(`diff takes 2 reports (A and B), got ${positionals.length}\n\n${usage}`);
    const top = intOption('top', values.top, DEFAULT_TOP, 1, 10_000);
    const [a, b] = [readReportFile(positionals[0]!), readReportFile(positionals[1]!)];
    const filled = await Promise.all([withQueryDetails(a), withQueryDetails(b)]);
    filled.forEach(({ readFrom }, i) => {
      if (readFrom)
        io.err(
          `${i ? 'B' : 'A'} (${positionals[i]}) was saved before reports recorded query texts: read them from ${readFrom}\n`,
        );
    });
    const diff = diffReports(filled[0].report, filled[1].report, {
      ...(values.metric !== undefined && { metric: values.metric }),
      top,
    });
    diff.judgements = await judgementChange(
      { report: a, dir: reportFolder(positionals[0]!) },
      { report: b, dir: reportFolder(positionals[1]!) },
      diff.metrics,
    );
    io.out(values.json ? JSON.stringify(diff, null, 1) + '\n' : renderDiffText(diff));
    io.err(diffSummary(diff) + '\n');
    return 0;
  },
};
