import { loadExperimentConfig } from '../../experiments/config.js';
import { outputDir, runExperiment } from '../../experiments/runner.js';
import { writeReport } from '../../reports/write-report.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { cacheHome } from '../../cache-home.js';
import { experimentProgress } from '../experiment-progress.js';

const usage = `Usage: testbed experiment CONFIG.yaml [options]

Runs an experiment: every configuration of the grid (chunkers x embedders x tokenizers x
retrievers) over the config's queries, scored against its qrels (plus gold additions), per
slice, against the baseline. Writes report.md, report.json, metrics.csv and one TREC run file
per configuration under the output folder (default results/NAME). Indexes, embeddings and
finished configurations are reused, so a re-run or an interrupted run resumes in seconds.

Options:
  --check             exit with code 3 when any of the config's checks fails (CI gate)
  --out DIR           output folder (default: the config's output, or results/NAME)
  --cache-dir DIR     the cache shared by every command: embeddings and the experiments' indexes
                      (default: TESTBED_HOME, else ~/.cache/retrieval-testbed; --cache DIR too)
  -h, --help          show this help`;

export const experimentCommand: Command = {
  name: 'experiment',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, { check: { type: 'boolean' }, out: { type: 'string' }, cache: { type: 'string' }, 'cache-dir': { type: 'string' } });
    if (values.help) return io.out(usage + '\n'), 0;
    const file = positional(positionals, 0, 'CONFIG.yaml', usage);
    const config = loadExperimentConfig(file);
    if (values.out) config.output = values.out;
    const { report, runs } = await runExperiment(config, {
      cacheDir: cacheHome(values['cache-dir'] ?? values.cache),
      onProgress: experimentProgress(io),
      onNotice: (m) => io.err(m + '\n'),
    });
    const dir = outputDir(config);
    writeReport(dir, report, runs);
    const primary = report.metrics[0]!;
    io.out(`${report.name}: ${report.configs.length} configurations x ${report.queries.answerable} answerable queries (${report.queries.unanswerable.length} unanswerable left out), ${report.wallSeconds.toFixed(1)} s\n`);
    for (const c of report.configs) {
      io.out(`  ${c.name.padEnd(28)} ${primary} ${c.means[primary]!.toFixed(4)}  recall@${report.contextK} ${c.means[`recall@${report.contextK}`]!.toFixed(4)}  hit@${report.contextK} ${c.means[`hit@${report.contextK}`]!.toFixed(4)}${c.resumed ? '  (reused)' : ''}\n`);
    }
    io.out(`report: ${dir}/report.md\n`);
    const failed = report.checks.filter((c) => !c.passed);
    for (const c of report.checks) io.out(`${c.passed ? 'PASS' : 'FAIL'} ${c.description}: ${c.detail}\n`);
    if (values.check && failed.length > 0) {
      io.err(`${failed.length} of ${report.checks.length} checks failed\n`);
      return 3;
    }
    return 0;
  },
};

