import { afterEach, describe, expect, it } from 'vitest';
import { evalCommand } from '../../src/cli/commands/eval-command.js';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { tableMetrics } from '../../src/experiments/plan.js';
import { metricRows, registerMetric } from '../../src/metrics/metric-registry.js';
import { METRIC_TABLE } from '../../src/metrics/metric-table.js';
import { parseMetric } from '../../src/metrics/parse-metric.js';
import { firstRelevantMetric } from '../fixtures/registry/first-relevant-metric.js';
import { runCli } from '../helpers/cli.js';
import { evalFixture } from '../runs/helpers.js';

const evalCli = (...argv: string[]) => runCli(argv, evalCommand.run);

// One registry call adds the metric; every test takes it away again, as a removed row would.
let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  unregister = undefined;
});
const register = () => {
  unregister = registerMetric(firstRelevantMetric);
};

const experiment = `name: tiny
corpus: corpora/demo
metrics: [first-rel@3, ndcg@10]
grid:
  retrievers:
    - { name: bm25, mode: bm25 }
`;

describe('a metric registered with one call', () => {
  it('is parsed by its name and its alias, with the cutoff rule of its row', () => {
    expect(() => parseMetric('first-rel')).toThrow(/unknown metric/);
    register();
    expect(parseMetric('First-Rel@3')).toEqual({ name: 'first-rel', k: 3, label: 'first-rel@3' });
    expect(parseMetric('first_relevant')).toEqual({ name: 'first-rel', k: undefined, label: 'first-rel' });
    // The parser's list of valid metrics names it after the built-in ones (its cutoff is optional).
    expect(() => parseMetric('bleu')).toThrow('bpref, judged@K, first-rel, first-rel@K (K a whole number ≥ 1)');
  });

  it('is listed by testbed eval --help, after the built-in ones, and gone once unregistered', async () => {
    const before = (await evalCli('--help')).out;
    register();
    const help = (await evalCli('--help')).out;
    // Its spelling is now the longest (22 characters), so the help column starts two spaces after it.
    const spelling = 'first-rel, first-rel@K';
    expect(help).toContain(`\n${' '.repeat(24)}${spelling}  rank of the first relevant doc, 0 if none\n`);
    expect(help).toContain(`\n${' '.repeat(24)}${'r-precision'.padEnd(spelling.length + 2)}precision at rank R`);
    unregister!();
    unregister = undefined;
    expect((await evalCli('--help')).out).toBe(before);
  });

  it('is scored by testbed eval --metrics', async () => {
    register();
    const r = await evalCli(evalFixture('qrels.txt'), evalFixture('run.txt'), '--metrics', 'first-rel,first-rel@3');
    expect(r.code).toBe(0);
    // In trec_eval's order the run ranks q1: d3 d9 d10 d1 d2 d4 (relevant: d1 d2 d4), so its first
    // relevant document is at rank 4; q2: d6 d5 d11 (relevant: d5), rank 2; q3 is not in the run: 0.
    // Within the top 3 only q2's is found. q4 has no relevant document and is left out.
    const line = (label: string, mean: number) => `${label.padEnd(22)}\tall\t${mean.toFixed(4)}`;
    expect(r.out.split('\n').slice(0, 2)).toEqual([line('first-rel', (4 + 2 + 0) / 3), line('first-rel@3', 2 / 3)]);
    unregister!();
    unregister = undefined;
    await expect(evalCli(evalFixture('qrels.txt'), evalFixture('run.txt'), '--metrics', 'first-rel')).rejects.toThrow(
      /unknown metric: "first-rel"/,
    );
  });

  it("is accepted in an experiment config's metrics: list and becomes a column of its table", () => {
    // Metric names are parsed as the file is read: unregistered, the name is an error at its line.
    expect(() => parseExperimentConfig(experiment)).toThrow(
      /<config>:3 \(field "metrics.0"\): unknown metric: "first-rel@3"/,
    );
    register();
    const config = parseExperimentConfig(experiment);
    expect(tableMetrics(config, ['ndcg@10', 'first-rel@3', 'recall@5', 'hit@5'])).toEqual([
      'first-rel@3',
      'ndcg@10',
      'recall@5',
      'hit@5',
    ]);
  });

  it('is refused when a name or alias is taken, or cannot be parsed', () => {
    expect(() => registerMetric({ ...firstRelevantMetric, name: 'ndcg' })).toThrow(/already spelled "ndcg"/);
    expect(() => registerMetric({ ...firstRelevantMetric, aliases: ['rprec'] })).toThrow(/already spelled "rprec"/);
    expect(() => registerMetric({ ...firstRelevantMetric, name: 'dcg10' })).toThrow(/not "dcg10"/);
    expect(metricRows()).toEqual(METRIC_TABLE);
  });
});

describe('the built-in metrics', () => {
  it('are listed by testbed eval --help from their rows: spellings by cutoff rule, help and trec_eval twin', async () => {
    const help = (await evalCli('--help')).out;
    const indent = ' '.repeat(24);
    // The longest spellings, precision@K and r-precision, are 11 characters: the column is 13 wide.
    expect(help).toContain(
      [
        `${indent}hit@K        1 if any relevant doc is in the top K (trec_eval success_K)`,
        `${indent}recall@K     share of all relevant docs found in the top K (recall_K)`,
        `${indent}precision@K  relevant docs in the top K, divided by K (P_K)`,
        `${indent}mrr, mrr@K   1 / rank of the first relevant doc (recip_rank)`,
        `${indent}ndcg@K       nDCG, gain = grade, log2 discount (ndcg_cut_K)`,
        `${indent}map, map@K   average precision (map, map_cut_K)`,
        `${indent}r-precision  precision at rank R = number of relevant docs (Rprec)`,
      ].join('\n'),
    );
  });

  it('accept every spelling the help gives as "also accepted"', async () => {
    const help = (await evalCli('--help')).out;
    const accepted = /also accepted: (.*)/.exec(help)![1]!.split(', ');
    expect(accepted.length).toBeGreaterThan(0);
    for (const spelling of accepted) expect(() => parseMetric(spelling.replace('@K', '@10')), spelling).not.toThrow();
  });
});

describe("trec_eval's names in eval --help", () => {
  it('each one the help lists as an example parses', async () => {
    const help = (await runCli(['--help'], evalCommand.run)).out;
    const listed = /trec_eval's names: ([^;]*);/s.exec(help)![1]!.split(/,\s+/);
    expect(listed).toContain('ndcg_cut_10');
    for (const name of listed) expect(() => parseMetric(name), name).not.toThrow();
  });
});
