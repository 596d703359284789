import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { ndcgAt } from '../../src/metrics/index.js';
import { writeReport } from '../../src/reports/write-report.js';
import { tmpDir } from '../helpers/tmp.js';

const DEMO = path.resolve(import.meta.dirname, '../../corpora/demo');
const DEPTH = 20;

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
/** The in-test reranker's relevance: how many distinct words of the query the passage holds. */
const overlap = (query: string, passage: string) => {
  const inPassage = words(passage);
  return [...words(query)].filter((w) => inPassage.has(w)).length;
};

/** What the rerank stage must send for a document at doc level with the doc chunker: title, blank line, the trimmed text. */
function passages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(path.join(DEMO, 'corpus.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const d = JSON.parse(line) as { _id: string; title?: string; text: string };
    out.set(d._id, d.title ? `${d.title}\n\n${d.text.trim()}` : d.text.trim());
  }
  return out;
}

function gold(): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const line of fs
    .readFileSync(path.join(DEMO, 'qrels', 'test.tsv'), 'utf8')
    .split('\n')
    .slice(1)) {
    const [qid, doc, grade] = line.split('\t');
    if (!qid || !doc || Number(grade) < 1) continue;
    if (!out.has(qid)) out.set(qid, new Map());
    out.get(qid)!.set(doc, Number(grade));
  }
  return out;
}

describe('an experiment with a rerank stage', () => {
  const bodies: { query: string; documents: string[]; top_n: number }[] = [];
  const keys = new Set<string>();
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { query: string; documents: string[]; top_n: number };
        bodies.push(body);
        keys.add(String(req.headers['x-api-key']));
        const results = body.documents.map((d, index) => ({ index, relevance_score: overlap(body.query, d) }));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ results }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/rerank`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  // Two BM25 cells over the demo's 353 queries and 353 rerank requests to the server above: 5 s
  // on a quiet machine, 15 s under scripts/with-cpu-load.sh beside another test file; 60 s (the
  // default) is four times that.
  it('reports first-stage recall@depth (equal to the same first stage without the rerank) beside nDCG@10 after the rerank, per slice', async () => {
    const dir = tmpDir('rerank-exp-');
    const output = path.join(dir, 'out');
    const config = parseExperimentConfig(`name: rerank
corpus: ${DEMO}
level: doc
ks: [10, ${DEPTH}]
context_k: 5
rerank_depth: ${DEPTH}
metrics: [ndcg@10, mrr@10]
slices: [type]
output: ${output}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [porter]
  retrievers:
    - { name: bm25, legs: [{ type: lexical }] }
    - name: bm25-rerank
      legs: [{ type: lexical }]
      rerank: { type: http, name: overlap, url: ${JSON.stringify(url)}, depth: ${DEPTH}, retries: 0, headers: { X-Api-Key: literal-key-9f3 } }
`);
    const { report, runs } = await runExperiment(config, { cacheDir: path.join(dir, 'cache') });
    writeReport(output, report, runs);

    const plain = report.configs.find((c) => c.name === 'bm25')!;
    const reranked = report.configs.find((c) => c.name === 'bm25-rerank')!;
    expect(plain.firstStage).toBeUndefined();
    const fs1 = reranked.firstStage!;
    expect(fs1).toMatchObject({ reranker: 'overlap', depth: DEPTH });
    // The same first stage: its recall and hit at the depth, and its nDCG@10, are the plain config's, overall and per slice.
    expect(fs1.means[`first_stage.recall@${DEPTH}`]).toBe(plain.means[`recall@${DEPTH}`]);
    expect(fs1.means[`first_stage.hit@${DEPTH}`]).toBe(plain.means[`hit@${DEPTH}`]);
    expect(fs1.means['first_stage.ndcg@10']).toBe(plain.means['ndcg@10']);
    expect(fs1.slices.map((s) => s.label)).toEqual(plain.slices.map((s) => s.label));
    expect(fs1.slices.length).toBeGreaterThan(1);
    fs1.slices.forEach((s, i) =>
      expect(s.means[`first_stage.recall@${DEPTH}`], s.label).toBe(plain.slices[i]!.means[`recall@${DEPTH}`]),
    );

    // Every query's top DEPTH went to the server as title + text, in first-stage order, top_n = DEPTH.
    const text = passages();
    const plainRun = runs.get('bm25')!;
    const rerankRun = runs.get('bm25-rerank')!;
    const queries = Object.keys(plainRun.rankings);
    expect(bodies.length).toBe(queries.filter((q) => plainRun.rankings[q]!.length > 0).length);
    const judged = gold();
    // Requests by the passages they carried, built once: finding each query's request by a scan
    // was 353 x 353 joins of 20 passages, most of this test's time on a loaded machine.
    const bodyOf = new Map<string, (typeof bodies)[number]>();
    for (const b of bodies) if (!bodyOf.has(b.documents.join('\u0000'))) bodyOf.set(b.documents.join('\u0000'), b);
    let sum = 0;
    let n = 0;
    for (const qid of queries) {
      const first = plainRun.rankings[qid]!;
      if (first.length === 0) {
        // Nothing to rerank (and no request sent): an answerable query with no hit scores 0.
        if (judged.has(qid)) n++;
        continue;
      }
      const head = first.slice(0, DEPTH);
      const body = bodyOf.get(head.map((id) => text.get(id)).join('\u0000'));
      expect(body, qid).toBeDefined();
      expect(body!.top_n).toBe(head.length);
      // The reranked order: overlap descending, equal overlaps by document id descending; then the first stage from DEPTH + 1 on.
      const expected = [...head]
        .map((id) => ({ id, s: overlap(body!.query, text.get(id)!) }))
        .sort((a, b) => b.s - a.s || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map((x) => x.id);
      expect(rerankRun.rankings[qid], qid).toEqual([...expected, ...first.slice(DEPTH)]);
      const relevant = judged.get(qid);
      if (relevant) {
        sum += ndcgAt(expected, relevant, 10);
        n++;
      }
    }
    // nDCG@10 after the rerank, from the order computed here.
    expect(reranked.means['ndcg@10']).toBeCloseTo(sum / n, 12);
    expect(reranked.means['ndcg@10']).not.toBeCloseTo(plain.means['ndcg@10']!, 4);

    const md = fs.readFileSync(path.join(output, 'report.md'), 'utf8');
    expect(md).toContain('## Rerank stages: the first stage before, the ranking after');
    expect(md).toContain(
      `| slice | queries | first_stage.recall@${DEPTH} | first_stage.hit@${DEPTH} | first_stage.ndcg@10 | ndcg@10 (after) | Δ ndcg@10 |`,
    );
    expect(md).toContain(
      `| all | ${report.queries.answerable} | ${fs1.means[`first_stage.recall@${DEPTH}`]!.toFixed(4)} |`,
    );
    const json = fs.readFileSync(path.join(output, 'report.json'), 'utf8');
    expect(JSON.parse(json).configs[1].firstStage.means[`first_stage.recall@${DEPTH}`]).toBe(
      fs1.means[`first_stage.recall@${DEPTH}`],
    );
    expect(fs.readFileSync(path.join(output, 'metrics.csv'), 'utf8')).toContain(
      `bm25-rerank,all,${report.queries.answerable},first_stage.recall@${DEPTH},`,
    );
    // The literal key reached the server but no file of the report.
    expect(keys).toEqual(new Set(['literal-key-9f3']));
    for (const file of ['report.md', 'report.json', 'metrics.csv'])
      expect(fs.readFileSync(path.join(output, file), 'utf8')).not.toContain('literal-key-9f3');
  });
});
