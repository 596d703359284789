import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { writeReport } from '../../src/reports/write-report.js';
import { readQrels } from '../../src/corpus/index.js';
import { describeSetting } from '../../src/fusion/tune/settings-grid.js';
import { tuneFusion } from '../../src/fusion/tune/tune-fusion.js';
import { readTrecRun } from '../../src/runs/trec-run-reader.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { timeBudget } from '../helpers/time-budget.js';
import { judgementsOf } from '../../src/metrics/judgements.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const QRELS = path.join(DEMO, 'qrels', 'test.tsv');

const yaml = (dir: string, extra = '', level = 'doc') => `name: tuned
corpus: ${DEMO}
level: ${level}
ks: [5]
metrics: [ndcg@10, recall@20]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
tune:
  - { name: bm25+dense, legs: [bm25, dense], folds: 4, methods: [rrf, wsum, combmnz]${extra} }
`;

describe('an experiment tune: block', () => {
  it(
    'adds a configuration ranked by k-fold cross-validated fusion; its mean is the held-out mean and equals testbed eval on its run file',
    async () => {
      const dir = tmpDir('tune-block-');
      const config = parseExperimentConfig(yaml(dir));
      const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
      writeReport(config.output!, report, runs);

      const tuned = report.configs.find((c) => c.name === 'bm25+dense')!;
      expect(tuned.kind).toBe('fused');
      const t = tuned.tuning!;
      expect(t.folds).toBe(4);
      expect(t.perFold).toHaveLength(4);
      expect(t.perFold.reduce((n, f) => n + f.queries, 0)).toBe(report.queries.answerable);
      // The held-out mean over the folds' own queries is the mean of the fold means weighted by size.
      const weighted = t.perFold.reduce((s, f) => s + f.heldOutMean * f.queries, 0) / report.queries.answerable;
      expect(t.heldOut.mean).toBeCloseTo(weighted, 12);
      expect(tuned.means['ndcg@10']).toBeCloseTo(t.heldOut.mean, 12);
      // Only the methods asked for were searched, besides each leg alone (in every grid):
      // 2 legs + rrf (5 ks x 11 weight pairs) + wsum (5 norms x 11) + combmnz (5 norms).
      expect(t.settingsSearched).toBe(2 + 5 * 11 + 5 * 11 + 5);
      for (const f of t.perFold) expect(f.setting).toMatch(/^(rrf|wsum|combmnz|bm25 alone|dense alone)/);
      // The better leg alone is the one the grid scored higher.
      const legs = report.configs.filter((c) => c.name === 'bm25' || c.name === 'dense');
      const better = legs.reduce((a, b) => ((b.means['ndcg@10'] ?? 0) > (a.means['ndcg@10'] ?? 0) ? b : a));
      expect(t.bestLeg.name).toBe(better.name);
      expect(t.bestLeg.mean).toBeCloseTo(better.means['ndcg@10']!, 12);
      expect(tuned.bestSingle?.name).toBe(better.name);

      const { code, out } = await runCli([
        'eval',
        QRELS,
        path.join(config.output!, 'runs', 'bm25+dense.trec'),
        '--metrics',
        'ndcg@10',
        '--json',
      ]);
      expect(code).toBe(0);
      expect((JSON.parse(out) as { metrics: Record<string, number> }).metrics['ndcg@10']).toBe(t.heldOut.mean);

      const md = renderMarkdown(report);
      expect(md).toContain('## Tuned fusion (k-fold cross-validation, held out)');
      expect(md).toContain(`best leg \`${better.name}\``);
    },
    timeBudget(120_000),
  );

  it(
    'chooses by the select rule it is given (the paired one-SE rule by default), says in words how the gain over the better leg tests, and names the setting to deploy with fuse flags that run',
    async () => {
      const dir = tmpDir('tune-select-');
      const byDefault = await runExperiment(parseExperimentConfig(yaml(dir)), { cacheDir: path.join(dir, 'cache') });
      const config = parseExperimentConfig(yaml(path.join(dir, 'best'), ', select: best'));
      const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
      writeReport(config.output!, report, runs);
      const tuningOf = (r: typeof report) => r.configs.find((c) => c.name === 'bm25+dense')!.tuning!;
      expect(tuningOf(byDefault.report).select).toBe('one-se-paired');
      const t = tuningOf(report);
      expect(t.select).toBe('best');

      // The same legs tuned by the library with --select best choose the same setting in every fold.
      const legRun = (name: string) => readTrecRun(path.join(config.output!, 'runs', `${name}.trec`));
      const direct = tuneFusion(
        [
          { name: 'bm25', run: await legRun('bm25') },
          { name: 'dense', run: await legRun('dense') },
        ],
        judgementsOf(await readQrels(QRELS)),
        { folds: 4, seed: config.seed, select: 'best', grid: { methods: ['rrf', 'wsum', 'combmnz'] } },
      );
      expect(t.perFold.map((f) => f.setting)).toEqual(
        direct.choices.map((c) => describeSetting(direct.settings[c.setting]!, direct.legNames)),
      );
      expect(t.bestLeg.p).toBe(direct.bestLeg.p);

      // The verdict names the better leg and calls the difference what its p makes it.
      expect(t.verdict).toContain(`${t.bestLeg.name} alone`);
      if (!/on every query/.test(t.verdict))
        expect(t.verdict).toContain(t.bestLeg.p < 0.05 ? ', significant (' : ', not significant (');
      const md = renderMarkdown(report);
      expect(md).toContain('chosen by the best training mean');
      expect(md).toContain(t.verdict);
      expect(md).toContain(`To deploy (chosen by the same rule on all the judged queries): ${t.deploy.setting}`);
      // The deploy flags are ones testbed fuse accepts over the legs' run files.
      if (t.deploy.fuseFlags) {
        const fused = await runCli([
          'fuse',
          path.join(config.output!, 'runs', 'bm25.trec'),
          path.join(config.output!, 'runs', 'dense.trec'),
          ...t.deploy.fuseFlags.split(' '),
          '--out',
          path.join(dir, 'deployed.trec'),
        ]);
        expect(fused.code).toBe(0);
      } else expect(t.deploy.setting).toMatch(/ alone$/);
    },
    timeBudget(180_000),
  );

  it(
    'refuses a leg that is no configuration, a name already taken, and chunk level',
    async () => {
      const dir = tmpDir('tune-bad-');
      await expect(
        runExperiment(parseExperimentConfig(yaml(dir).replace('legs: [bm25, dense]', 'legs: [bm25, sparse]')), {
          cacheDir: path.join(dir, 'c'),
        }),
      ).rejects.toThrow(/field "tune\.0\.legs"\): no configuration is named "sparse"/);
      await expect(
        runExperiment(parseExperimentConfig(yaml(dir).replace('name: bm25+dense', 'name: bm25')), {
          cacheDir: path.join(dir, 'c'),
        }),
      ).rejects.toThrow(/already a configuration/);
      await expect(
        runExperiment(parseExperimentConfig(yaml(dir, '', 'chunk')), { cacheDir: path.join(dir, 'c') }),
      ).rejects.toThrow(/tune blocks score documents/);
    },
    timeBudget(120_000),
  );
});
