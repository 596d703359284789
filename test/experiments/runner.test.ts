import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig, type ExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment, type ExperimentRun } from '../../src/experiments/runner.js';
import { addJudgement } from '../../src/gold/index.js';
import { ndcgAt } from '../../src/metrics/ndcg.js';
import { writeReport } from '../../src/reports/write-report.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

const dir = tmpDir('experiment-');
const corpus = path.join(dir, 'tiny');
const cacheDir = path.join(dir, 'cache');

function tinyConfig(extra = ''): ExperimentConfig {
  return parseExperimentConfig(`name: tiny
corpus: ${corpus}
ks: [1, 3, 5]
context_k: 1
rerank_depth: 3
metrics: [ndcg@3, mrr]
slices: [type, source]
baseline: bm25
output: ${path.join(dir, 'out')}
grid:
  chunkers: [structure:40]
  embedders: ['hash:64']
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
    - { name: hybrid, mode: hybrid }
${extra}`);
}

let first: ExperimentRun;

beforeAll(async () => {
  fs.cpSync(TINY_BEIR, corpus, { recursive: true });
  first = await runExperiment(tinyConfig(), { cacheDir });
});

describe('runExperiment on the tiny fixture', () => {
  it('evaluates the answerable queries and lists the unanswerable one apart', () => {
    // q5 ("does harbor run on windows") has no qrels line
    expect(first.report.queries).toEqual({ total: 5, answerable: 4, unanswerable: ['q5'] });
    for (const c of first.report.configs) expect(Object.keys(c.perQuery).sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('per-query scores are the metrics of the stored rankings (nDCG@3 with graded gains)', () => {
    const run = first.runs.get('bm25')!;
    const q1Gold = new Map([
      ['faq-reset', 2],
      ['error-e1042', 1],
      ['auth-failures', 1],
    ]);
    const bm25 = first.report.configs.find((c) => c.name === 'bm25')!;
    expect(bm25.perQuery.q1!['ndcg@3']).toBeCloseTo(ndcgAt(run.rankings.q1!, q1Gold, 3), 12);
    // the E1042 query finds its page first: hit@1 = 1, mrr = 1/1
    expect(bm25.perQuery.q2).toMatchObject({ 'hit@1': 1, mrr: 1 });
    const mean = (m: string) => Object.values(bm25.perQuery).reduce((s, q) => s + q[m]!, 0) / 4;
    expect(bm25.means['recall@3']).toBeCloseTo(mean('recall@3'), 12);
  });

  it('the report carries context_k and rerank_depth columns, slices with counts, and the hybrid next to its best single leg', () => {
    const r = first.report;
    expect(r.metrics).toEqual(['ndcg@3', 'mrr', 'recall@1', 'hit@1']);
    const bm25 = r.configs[0]!;
    expect(Object.keys(bm25.means)).toEqual(
      expect.arrayContaining(['hit@1', 'recall@1', 'hit@3', 'recall@3', 'hit@5', 'recall@5']),
    );
    expect(bm25.slices.map((s) => `${s.label}:${s.n}`)).toEqual([
      'type=comparison:1',
      'type=conceptual:1',
      'type=how-to:1',
      'type=identifier:1',
      'source=real:3',
      'source=synthetic:1',
    ]);
    const hybrid = r.configs.find((c) => c.name === 'hybrid')!;
    const singles = r.configs.filter((c) => c.retriever.mode !== 'hybrid');
    const best = singles.reduce((a, b) => ((b.means['ndcg@3'] ?? 0) > (a.means['ndcg@3'] ?? 0) ? b : a));
    expect(hybrid.bestSingle?.name).toBe(best.name);
    expect(r.configs[0]!.significance).toBeUndefined();
    expect(hybrid.significance?.['ndcg@3']?.p).toBeGreaterThan(0);
    expect(r.sourceGap?.map((g) => [g.config, g.real.n, g.synthetic.n])).toEqual([
      ['bm25', 3, 1],
      ['dense', 3, 1],
      ['hybrid', 3, 1],
    ]);
  });

  it('tests every pair of configurations on each table metric; the baseline comparison reads its pair', () => {
    const r = first.report;
    expect(r.allPairs).toMatchObject({
      test: 'randomization',
      correction: 'holm',
      alpha: 0.05,
      queries: 4,
      configs: ['bm25', 'dense', 'hybrid'],
    });
    expect(Object.keys(r.allPairs!.pairs)).toEqual(r.metrics);
    for (const m of r.metrics) {
      const pairs = r.allPairs!.pairs[m]!;
      expect(pairs.map((p) => `${p.a}-${p.b}`)).toEqual(['bm25-dense', 'bm25-hybrid', 'dense-hybrid']);
      const { p, adjustedP, significant } = pairs[1]!;
      expect(r.configs[2]!.significance![m]).toMatchObject({ p, adjustedP, significant });
    }
  });

  it("the config's significance block chooses the test, the correction and alpha", async () => {
    const { report } = await runExperiment(
      tinyConfig('significance: { test: t, correction: bonferroni, alpha: 0.1 }\n'),
      { cacheDir },
    );
    expect(report.allPairs).toMatchObject({ test: 't', correction: 'bonferroni', alpha: 0.1 });
    // Bonferroni over the 3 pairs: min(1, 3p); significant below alpha 0.1
    for (const pair of report.allPairs!.pairs['ndcg@3']!) {
      expect(pair.adjustedP).toBe(Math.min(1, 3 * pair.p));
      expect(pair.significant).toBe(pair.adjustedP < 0.1);
    }
  });

  it('per slice: the share of queries with no hit, and which leg carried each hybrid', () => {
    for (const c of first.report.configs) {
      const run = first.runs.get(c.name)!;
      const all = c.legs.find((l) => l.label === 'all')!;
      const ids = ['q1', 'q2', 'q3', 'q4'];
      expect(all.zeroHit).toBe(ids.filter((q) => run.rankings[q]!.length === 0).length / ids.length);
      expect(c.legs.map((l) => l.label)).toEqual(['all', ...c.slices.map((s) => s.label)]);
      if (c.retriever.mode !== 'hybrid') {
        expect(all.carried).toBeUndefined();
        continue;
      }
      // context_k = 1: each query's top hit was led by bm25, by dense, or tied (ledBy)
      const top = ids.map((q) => run.carried![q]!);
      const count = (k: 'bm25' | 'dense' | 'both') => top.reduce((s, t) => s + t[k], 0) / ids.length;
      expect(all.carried).toEqual({ bm25: count('bm25'), dense: count('dense'), both: count('both') });
      expect(all.carried!.bm25 + all.carried!.dense + all.carried!.both).toBeCloseTo(1, 12);
    }
  });

  it('a re-run reuses every finished cell and gives the same numbers', async () => {
    const again = await runExperiment(tinyConfig(), { cacheDir });
    expect(again.report.configs.every((c) => c.resumed && c.index.reused)).toBe(true);
    expect(again.report.configs.map((c) => c.means)).toEqual(first.report.configs.map((c) => c.means));
  });

  it('a judgement added to the gold set changes the scores without re-retrieving', async () => {
    const isolated = path.join(dir, 'gold-copy');
    fs.cpSync(TINY_BEIR, isolated, { recursive: true });
    const config = { ...tinyConfig(), corpus: isolated, output: path.join(dir, 'gold-out') };
    const before = await runExperiment(config, { cacheDir });
    const top = before.runs.get('bm25')!.rankings.q4![0]!;
    expect(top).toBe('install-linux');
    // q4 has one relevant page; the page ranked second becomes relevant too
    const second = before.runs.get('bm25')!.rankings.q4![1]!;
    await addJudgement(path.join(isolated, 'qrels', 'test.tsv'), {
      queryId: 'q4',
      docId: second,
      grade: 1,
      note: 'found while reading a miss',
    });
    const after = await runExperiment(config, { cacheDir });
    const bm25 = after.report.configs.find((c) => c.name === 'bm25')!;
    expect(bm25.resumed).toBe(true);
    expect(bm25.perQuery.q4!['recall@1']).toBe(1 / 2);
    expect(before.report.configs.find((c) => c.name === 'bm25')!.perQuery.q4!['recall@1']).toBe(1);
  });

  it('writes report.md, report.json, metrics.csv, per-query.csv and a TREC run per configuration', () => {
    const out = path.join(dir, 'written');
    const files = writeReport(out, first.report, first.runs).map((f) => path.relative(out, f));
    const bm25Of = (qid: string) => first.report.configs.find((c) => c.name === 'bm25')!.perQuery[qid]!;
    expect(files).toEqual([
      'report.md',
      'report.json',
      'metrics.csv',
      'per-query.csv',
      'runs/bm25.trec',
      'runs/dense.trec',
      'runs/hybrid.trec',
    ]);
    const md = fs.readFileSync(path.join(out, 'report.md'), 'utf8');
    for (const heading of [
      '## Configurations',
      "## Recall at the model's context (k = 1) and at the rerank depth (k = 3)",
      '## Each hybrid next to the best single retriever',
      '### type=identifier (1 queries)',
      '## Real vs synthetic queries',
      '## Misses at context_k = 1',
    ]) {
      expect(md).toContain(heading);
    }
    const run = fs
      .readFileSync(path.join(out, 'runs', 'bm25.trec'), 'utf8')
      .trim()
      .split('\n');
    expect(new Set(run.map((l) => l.split(' ')[0]))).toEqual(new Set(['q1', 'q2', 'q3', 'q4', 'q5']));
    const csv = fs.readFileSync(path.join(out, 'metrics.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('config,slice,queries,metric,value');
    expect(csv).toContain(`bm25,all,4,ndcg@3,${first.report.configs[0]!.means['ndcg@3']}`);
    // per-query.csv: a header of config, query, text, the slice fields (type, source) and the
    // metrics in the means' order, then one row per configuration and answerable query
    // (3 configurations x 4 answerable queries): the query's text and slice values as
    // queries.jsonl gives them, each metric value the report's perQuery value read back as a number.
    const perQuery = fs.readFileSync(path.join(out, 'per-query.csv'), 'utf8').trim().split('\n');
    const labels = Object.keys(first.report.configs[0]!.means);
    expect(perQuery[0]).toBe(['config', 'query', 'text', 'type', 'source', ...labels].join(','));
    expect(perQuery).toHaveLength(1 + 3 * 4);
    expect(perQuery).toContain(`bm25,q2,E1042,identifier,real,${labels.map((m) => bm25Of('q2')[m]).join(',')}`);
    expect(perQuery).toContain(
      `dense,q3,how much storage does the team plan include,comparison,synthetic,${labels.map((m) => first.report.configs[1]!.perQuery.q3![m]).join(',')}`,
    );
    for (const row of perQuery.slice(1)) {
      const cells = row.split(',');
      const [config, qid] = cells;
      const values = cells.slice(-labels.length);
      const expected = first.report.configs.find((c) => c.name === config)!.perQuery[qid!]!;
      expect(values.map(Number), `${config} ${qid}`).toEqual(labels.map((m) => expected[m]));
    }
  });

  it('records each answerable query text and slice values for the per-query views', () => {
    expect(first.report.queryDetails).toEqual({
      q1: { text: "can't log in after password reset", slices: { type: ['how-to'], source: ['real'] } },
      q2: { text: 'E1042', slices: { type: ['identifier'], source: ['real'] } },
      q3: {
        text: 'how much storage does the team plan include',
        slices: { type: ['comparison'], source: ['synthetic'] },
      },
      q4: { text: 'what port does harbor need', slices: { type: ['conceptual'], source: ['real'] } },
    });
  });
});

describe('checks (CI gate)', () => {
  const cli = (...argv: string[]) => runCli(argv);

  it('--json prints the summary as JSON on stdout; eval --queries calls the same queries unanswerable', async () => {
    const file = path.join(dir, 'json.yaml');
    const out = path.join(dir, 'json-out');
    fs.writeFileSync(
      file,
      `name: json\ncorpus: ${corpus}\nks: [1, 5]\ncontext_k: 1\nrerank_depth: 5\noutput: ${out}\ngrid:\n  chunkers: [structure:40]\n  embedders: ['hash:64']\n  retrievers: [{ name: bm25, mode: bm25 }]\n`,
    );
    const r = await cli('experiment', file, '--json', '--cache', cacheDir);
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out);
    const saved = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
    // q5 has no qrels line: 5 queries, 4 answerable, q5 unanswerable.
    expect(summary.queries).toEqual({ total: 5, answerable: 4, unanswerable: ['q5'] });
    expect(summary.report).toBe(path.join(out, 'report.json'));
    expect(summary.configs.map((c: { name: string }) => c.name)).toEqual(['bm25']);
    expect(summary.configs[0].means['hit@5']).toBe(saved.configs[0].means['hit@5']);
    expect(r.err).toContain('json: 1 configurations x 4 answerable queries (1 unanswerable left out)');

    // eval over the same qrels, run and query set counts q5 the same way.
    const evaluated = await cli(
      'eval',
      path.join(corpus, 'qrels', 'test.tsv'),
      path.join(out, 'runs', 'bm25.trec'),
      '--queries',
      path.join(corpus, 'queries.jsonl'),
      '--json',
    );
    expect(JSON.parse(evaluated.out).unanswerable).toEqual(['q5']);
  });

  it('--check exits 3 and names every failed assertion; passing checks exit 0', async () => {
    const file = path.join(dir, 'gate.yaml');
    fs.writeFileSync(
      file,
      `name: gate\ncorpus: ${corpus}\nks: [1, 5]\ncontext_k: 1\nrerank_depth: 5\nslices: [type]\noutput: ${path.join(dir, 'gate-out')}\ngrid:\n  chunkers: [structure:40]\n  embedders: ['hash:64']\n  retrievers: [{ name: bm25, mode: bm25 }, { name: dense, mode: dense }]\npool_depth: 3\nchecks:\n  - { metric: hit@5, min: 0.5 }\n  - { metric: ndcg@10, slice: type=identifier, config: dense, min: 1.01 }\n`,
    );
    const failing = await cli('experiment', file, '--check', '--cache', cacheDir);
    expect(failing.code).toBe(3);
    expect(failing.out).toMatch(/PASS bm25: hit@5 >= 0\.5: /);
    expect(failing.out).toMatch(/FAIL dense: ndcg@10 on slice type=identifier >= 1\.01: \d\.\d{4}/);
    expect(failing.err).toContain('1 of 3 checks failed');
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'gate-out', 'report.json'), 'utf8')) as {
      configs: unknown[];
    };
    expect(report.configs).toHaveLength(2);
    // pool_depth: 3 wrote the pool of both runs: every query's top 3 of each run file, once each.
    const top3 = new Set<string>();
    for (const name of ['bm25', 'dense']) {
      const seen = new Map<string, number>();
      for (const line of fs
        .readFileSync(path.join(dir, 'gate-out', 'runs', `${name}.trec`), 'utf8')
        .trim()
        .split('\n')) {
        const [qid, , doc] = line.split(' ');
        const rank = (seen.get(qid!) ?? 0) + 1;
        seen.set(qid!, rank);
        if (rank <= 3) top3.add(`${qid}\t${doc}`);
      }
    }
    const pool = fs
      .readFileSync(path.join(dir, 'gate-out', 'pool.tsv'), 'utf8')
      .trim()
      .split('\n');
    expect(pool[0]).toBe('query-id\tcorpus-id\tjudged');
    expect(failing.err).toContain(
      `wrote ${path.join(dir, 'gate-out', 'pool.tsv')}: ${pool.length - 1} pairs at depth 3`,
    );
    expect(new Set(pool.slice(1).map((l) => l.split('\t').slice(0, 2).join('\t')))).toEqual(top3);

    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('min: 1.01', 'min: 0'));
    expect((await cli('experiment', file, '--check', '--cache', cacheDir)).code).toBe(0);
  });

  it('a baseline file: no metric may drop more than max_drop', async () => {
    const file = path.join(dir, 'drop.yaml');
    const baseline = path.join(dir, 'baseline.json');
    const report = structuredClone(first.report);
    report.configs[0]!.means['ndcg@3'] = report.configs[0]!.means['ndcg@3']! + 0.05;
    fs.writeFileSync(baseline, JSON.stringify(report));
    fs.writeFileSync(
      file,
      fs
        .readFileSync(path.join(dir, 'gate.yaml'), 'utf8')
        .replace(/checks:[\s\S]*/, `checks:\n  - { baseline_file: ${baseline}, max_drop: 0.02, metrics: [ndcg@3] }\n`)
        .replace('ks: [1, 5]', 'ks: [1, 5]\nmetrics: [ndcg@3]'),
    );
    const r = await cli('experiment', file, '--check', '--cache', cacheDir);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(
      /FAIL bm25: ndcg@3 drops at most 0\.02 against .*baseline\.json: \d\.\d{4} -> \d\.\d{4} \(-0\.0500\)/,
    );
  });
});
