import fs from 'node:fs';
import path from 'node:path';
import { loadExperimentConfig, type ExperimentConfig } from '../../experiments/config.js';
import { startExperimentProcess } from '../../experiments/experiment-process.js';
import { expandGrid } from '../../experiments/grid.js';
import { outputDir } from '../../experiments/output-dir.js';
import { replacedReport } from '../../experiments/saved-report.js';
import { fileSafe } from '../../reports/file-safe.js';
import type { ExperimentReport } from '../../reports/report-model.js';
import { parse, positional } from '../args.js';
import type { Command } from '../command.js';
import { cacheHome } from '../../cache-home.js';
import { experimentProgress } from '../experiment-progress.js';

const usage = `Usage: testbed experiment CONFIG.yaml [options]

Runs an experiment: every configuration of the grid (chunkers x embedders x tokenizers x
retrievers) over the config's queries, scored against its qrels (plus gold additions), per
slice. Every pair of configurations is tested on each metric and corrected for the number of
pairs (the config's significance: test, correction, alpha; by default the paired randomization
test, Holm, 0.05), and each configuration is set against the baseline with a bootstrap
interval. Writes report.md, report.json, metrics.csv (means), per-query.csv (each query's
values: config, query, one column per metric) and one TREC run file per configuration
under the output folder (default results/NAME). Indexes, embeddings and finished
configurations are reused, so a re-run or an interrupted run resumes in seconds.
The experiment runs in a process of its own: Ctrl-C stops it at once, keeping every finished
configuration, and says how to resume (exit code 130).

Options:
  --check             exit with code 3 when any of the config's checks fails (CI gate)
  --out DIR           output folder (default: the config's output, or results/NAME)
  --json              print a JSON summary on stdout ({name, report: DIR/report.json,
                      queries: {total, answerable, unanswerable: [ids]}, configs: [{name,
                      means, resumed, failed_queries}], checks: [{description, passed,
                      detail}]}); the human lines go to stderr
  --cache-dir DIR     the cache shared by every command: embeddings and the experiments' indexes
                      (default: TESTBED_HOME, else ~/.cache/retrieval-testbed; --cache DIR too)
  -h, --help          show this help`;

export const experimentCommand: Command = {
  name: 'experiment',
  usage,
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      check: { type: 'boolean' },
      out: { type: 'string' },
      cache: { type: 'string' },
      'cache-dir': { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) return (io.out(usage + '\n'), 0);
    const file = positional(positionals, 0, 'CONFIG.yaml', usage);
    const config = loadExperimentConfig(file);
    if (values.out) config.output = values.out;
    const dir = outputDir(config);
    // Never replaced silently: editing a config and running it again is the usual loop here, so
    // the run goes on, saying whose report it replaces (the server refuses such a run: 409).
    const replaced = replacedReport(config);
    if (replaced) io.err(`note: ${replaced}: this run replaces it\n`);
    const run = startExperimentProcess(config, {
      cacheDir: cacheHome(values['cache-dir'] ?? values.cache),
      returnReport: true,
      onProgress: experimentProgress(io),
      onNotice: (m) => io.err(m + '\n'),
    });
    // Ctrl-C reaches the experiment's process too, which ignores it: stopping is decided here.
    let stoppedBy: NodeJS.Signals | undefined;
    const stop = (signal: NodeJS.Signals) => {
      stoppedBy ??= signal;
      void run.stop(1000);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const end = await run.ended.finally(() => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    });
    if (stoppedBy) {
      io.err(`\n${stoppedBy}: stopped. ${resumeHint(config, dir, argv)}\n`);
      return 130;
    }
    if (end.kind === 'failed') throw end.error;
    if (end.kind === 'exited')
      throw new Error(
        `the experiment's process ended before it finished (${end.signal ? `signal ${end.signal}` : `exit code ${end.code}`}). ${resumeHint(config, dir, argv)}`,
      );
    const report: ExperimentReport = end.result!;
    const primary = report.metrics[0]!;
    // With --json stdout holds the JSON alone, so the human lines move to stderr.
    const say = (text: string) => (values.json ? io.err(text) : io.out(text));
    say(
      `${report.name}: ${report.configs.length} configurations x ${report.queries.answerable} answerable queries (${report.queries.unanswerable.length} unanswerable left out), ${report.wallSeconds.toFixed(1)} s\n`,
    );
    // Real queries first: in a set mixing real and synthetic queries, the real means lead and the pooled ones follow, labelled.
    const real = report.configs.find((c) => c.real)?.real;
    if (real) say(`  means over the ${real.n} real queries, then (pooled) over all, synthetic included:\n`);
    for (const c of report.configs) {
      const figures = (means: Record<string, number>) =>
        `${primary} ${mean(means[primary])}  recall@${report.contextK} ${mean(means[`recall@${report.contextK}`])}  hit@${report.contextK} ${mean(means[`hit@${report.contextK}`])}`;
      say(
        `  ${c.name.padEnd(28)} ${c.real ? `${figures(c.real.means)}  (pooled ${figures(c.means)})` : figures(c.means)}${c.resumed ? '  (reused)' : ''}${c.failedQueries ? `  (${c.failedQueries.count} failed queries left out)` : ''}\n`,
      );
    }
    if (report.untaggedSources)
      say(
        `warning: ${report.untaggedSources.count} queries have no source tag in a set holding synthetic ones (${report.untaggedSources.first.join(' ')}${report.untaggedSources.count > report.untaggedSources.first.length ? ' ...' : ''}): tag them source: real so the real figures count them\n`,
      );
    say(`report: ${dir}/report.md\n`);
    const failed = report.checks.filter((c) => !c.passed);
    if (values.json) io.out(JSON.stringify(summaryJson(report, dir), null, 2) + '\n');
    for (const c of report.checks) say(`${c.passed ? 'PASS' : 'FAIL'} ${c.description}: ${c.detail}\n`);
    if (values.check && failed.length > 0) {
      io.err(`${failed.length} of ${report.checks.length} checks failed\n`);
      return 3;
    }
    return 0;
  },
};

/** The --json summary: what the human lines say, as data; report.json beside it holds the rest. */
function summaryJson(report: ExperimentReport, dir: string) {
  return {
    name: report.name,
    report: path.join(dir, 'report.json'),
    queries: report.queries,
    configs: report.configs.map((c) => ({
      name: c.name,
      means: c.means,
      resumed: Boolean(c.resumed),
      failed_queries: c.failedQueries?.count ?? 0,
    })),
    checks: report.checks.map((c) => ({ description: c.description, passed: c.passed, detail: c.detail })),
  };
}

/** A mean as printed; none (every query of the configuration failed: NaN, null once sent as JSON) is a dash. */
function mean(x: number | null | undefined): string {
  return typeof x === 'number' && Number.isFinite(x) ? x.toFixed(4) : '–';
}

/** How far a stopped run got (finished configurations on disk) and the command that resumes it. */
function resumeHint(config: ExperimentConfig, dir: string, argv: readonly string[]): string {
  const cells = expandGrid(config);
  const cellsDir = path.join(dir, 'cells');
  const kept = cells.filter((c) => fs.existsSync(path.join(cellsDir, `${fileSafe(c.name)}.json`))).length;
  const command = ['testbed', 'experiment', ...argv]
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))
    .join(' ');
  return `${kept} of ${cells.length} configurations are finished and kept in ${cellsDir}; run the same command again to resume from them:\n  ${command}`;
}
