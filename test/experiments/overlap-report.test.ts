import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment, type ExperimentRun } from '../../src/experiments/runner.js';
import { fmt } from '../../src/reports/format.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { verdict } from '../../src/reports/verdict.js';
import { tmpDir } from '../helpers/tmp.js';

const dir = tmpDir('overlap-report-');
const corpus = path.join(dir, 'set');

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r) + '\n').join('');

// Three documents; the queries' words are chosen so the `english` analysis (Lucene's 33 stop
// words dropped, Porter stems, the same stem on both sides for the same word) is easy to follow.
const DOCS = [
  { _id: 'quota', title: 'Storage quota', text: 'Every workspace has a storage quota of 100 GB.' },
  { _id: 'signin', title: 'Sign in', text: 'Sign in with your email address and password.' },
  { _id: 'ports', title: 'Ports', text: 'Harbor listens on port 7400.' },
];
const QUERIES = [
  // where, did, my, file, go: none in "quota" -> 0/5.
  { _id: 'r1', text: 'where did my files go', metadata: { source: 'real' } },
  // harbor, port, number: harbor and port in "ports" -> 2/3.
  { _id: 'r2', text: 'harbor port number', metadata: { source: 'real' } },
  // is, the, of, a are stop words: what, storage, quota, workspace; 3 in "quota" -> 3/4.
  { _id: 's1', text: 'what is the storage quota of a workspace', metadata: { source: 'synthetic' } },
  // in, with, and are stop words: sign, email, password, all in "signin" -> 3/3.
  { _id: 's2', text: 'sign in with email and password', metadata: { source: 'synthetic' } },
  // only stop words: no term left, counted apart.
  { _id: 't1', text: 'the and of', metadata: { source: 'tickets' } },
];
const QRELS = 'query-id\tcorpus-id\tscore\nr1\tquota\t1\nr2\tports\t1\ns1\tquota\t1\ns2\tsignin\t1\nt1\tports\t1\n';

let run: ExperimentRun;

beforeAll(async () => {
  fs.mkdirSync(path.join(corpus, 'qrels'), { recursive: true });
  fs.writeFileSync(path.join(corpus, 'corpus.jsonl'), jsonl(DOCS));
  fs.writeFileSync(path.join(corpus, 'queries.jsonl'), jsonl(QUERIES));
  fs.writeFileSync(path.join(corpus, 'qrels', 'test.tsv'), QRELS);
  const config = parseExperimentConfig(`name: overlap
corpus: ${corpus}
output: ${path.join(dir, 'out')}
ks: [1, 3]
context_k: 1
rerank_depth: 3
metrics: [ndcg@3]
baseline: bm25
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [english]
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: dense, mode: dense }
`);
  run = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
});

describe('experiment report: how much a generated set flatters', () => {
  it('measures overlap per source with the index analysis BM25 used', () => {
    expect(run.report.overlapBySource).toEqual({
      tokenizer: 'english',
      sources: [
        { source: 'real', queries: 2, meanOverlap: (0 / 5 + 2 / 3) / 2, withoutTerms: 0 },
        { source: 'synthetic', queries: 2, meanOverlap: (3 / 4 + 3 / 3) / 2, withoutTerms: 0 },
        { source: 'tickets', queries: 0, meanOverlap: NaN, withoutTerms: 1 },
      ],
    });
  });

  it('report.md shows the table after the real vs synthetic section', () => {
    const md = renderMarkdown(run.report);
    const gap = md.indexOf('## Real vs synthetic queries');
    const table = md.indexOf('## Query-document overlap by source');
    expect(gap).toBeGreaterThan(0);
    expect(table).toBeGreaterThan(gap);
    const section = md.slice(table).split('\n## ')[0]!;
    expect(section).toContain('`english` analysis');
    expect(section).toContain(`| real | 2 | ${fmt(1 / 3)} |`);
    expect(section).toContain(`| synthetic | 2 | ${fmt(7 / 8)} |`);
    expect(section).toContain('| tickets | 0 | – |');
    expect(section).toContain('1 query has no term left after analysis');
  });

  it('the verdict quotes the real queries first and calls the synthetic figure flattering, with its overlap', () => {
    const v = verdict(run.report)!;
    const realLeader = v.sources!.real.best[0]!;
    const gap = run.report.sourceGap!.find((g) => g.config === realLeader)!;
    expect(v.sources!.real.value).toBe(gap.real.mean);
    expect(v.sources!.synthetic).toEqual({ mean: gap.synthetic.mean, n: 2 });
    expect(v.sources!.overlap).toEqual({ real: 1 / 3, synthetic: 7 / 8 });
    expect(v.sources!.sentence.startsWith('On the 2 real queries, ')).toBe(true);
    expect(v.sources!.sentence).toContain(
      `: they flatter, sharing ${fmt(7 / 8)} of their terms with their relevant documents on average against ${fmt(1 / 3)} for real queries.`,
    );
    const md = renderMarkdown(run.report);
    const verdictText = md.slice(md.indexOf('## Verdict'), md.indexOf('\n## ', md.indexOf('## Verdict') + 1));
    expect(verdictText.indexOf(v.sources!.sentence)).toBeGreaterThan(0);
    expect(verdictText.indexOf(v.sources!.sentence)).toBeLessThan(verdictText.indexOf(v.overall.sentence));
  });
});
