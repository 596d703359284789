/**
 * Benchmark of the wink BM25 retriever on BEIR SciFact (test split), to compare with Anserini's
 * published BM25 flat run (nDCG@10 0.679, recall@100 0.925). One chunk per document (title +
 * text), document level. Self-contained on purpose: it parses the JSONL and qrels and computes
 * the metrics itself, so it checks the retriever without depending on the rest of the testbed.
 *
 *   npx tsx bench/wink-scifact.ts [--dir path/to/scifact] [--k1 0.9] [--b 0.4] [--no-stem] [--no-stopwords]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Chunk } from '../src/chunking/types.js';
import { createWinkRetriever } from '../src/retrievers/wink-bm25.js';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: fileURLToPath(new URL('../../shared/corpora/scifact/', import.meta.url)) },
    k1: { type: 'string', default: '0.9' },
    b: { type: 'string', default: '0.4' },
    'no-stem': { type: 'boolean', default: false },
    'no-stopwords': { type: 'boolean', default: false },
  },
});

function readJsonl(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** query id -> doc id -> grade, from a BEIR qrels TSV with a header line. */
function readQrels(file: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  const lines = readFileSync(file, 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const [qid, docId, grade] = line.trim().split('\t');
    if (!qid || !docId || grade === undefined) continue;
    let judged = qrels.get(qid);
    if (!judged) qrels.set(qid, (judged = new Map()));
    judged.set(docId, Number(grade));
  }
  return qrels;
}

/** trec_eval ndcg_cut: gain = grade, discount log2(rank + 1), ideal from all judged docs. */
function ndcgAt(ranked: string[], judged: Map<string, number>, cut: number): number {
  let dcg = 0;
  ranked.slice(0, cut).forEach((id, i) => {
    dcg += (judged.get(id) ?? 0) / Math.log2(i + 2);
  });
  const ideal = [...judged.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, cut);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

/** Share of the relevant (grade > 0) documents found in the first `cut`. */
function recallAt(ranked: string[], judged: Map<string, number>, cut: number): number {
  const relevant = [...judged].filter(([, g]) => g > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, cut));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<void> {
  const dir = args.dir;
  const docs = readJsonl(join(dir, 'corpus.jsonl'));
  const queries = new Map(readJsonl(join(dir, 'queries.jsonl')).map((q) => [str(q._id), str(q.text)]));
  const qrels = readQrels(join(dir, 'qrels', 'test.tsv'));

  const chunks: Chunk[] = docs.map((d) => {
    const id = str(d._id);
    const text = str(d.text);
    return { id: `${id}#0`, docId: id, ordinal: 0, start: 0, end: text.length, title: str(d.title), text };
  });

  const params = {
    k1: Number(args.k1),
    b: Number(args.b),
    stem: !args['no-stem'],
    stopwords: !args['no-stopwords'],
  };
  const t0 = performance.now();
  const retriever = createWinkRetriever(chunks, params);
  const buildMs = performance.now() - t0;

  const latencies: number[] = [];
  const ndcgs: number[] = [];
  const recalls: number[] = [];
  let empty = 0;
  for (const [qid, judged] of qrels) {
    const text = queries.get(qid);
    if (text === undefined) throw new Error(`query ${qid} is in the qrels but not in queries.jsonl`);
    const start = performance.now();
    const { hits } = await retriever.search(text, { k: 100, level: 'doc' });
    latencies.push(performance.now() - start);
    if (hits.length === 0) empty += 1;
    const ranked = hits.map((h) => h.docId);
    ndcgs.push(ndcgAt(ranked, judged, 10));
    recalls.push(recallAt(ranked, judged, 100));
  }
  latencies.sort((a, b) => a - b);

  const fmt = (x: number, d = 4) => x.toFixed(d);
  console.log(
    `wink BM25 on SciFact test: ${chunks.length} docs, ${qrels.size} queries, params ${JSON.stringify(params)}`,
  );
  console.log(`build        ${fmt(buildMs, 0)} ms`);
  console.log(`latency p50  ${fmt(percentile(latencies, 50), 2)} ms   p95 ${fmt(percentile(latencies, 95), 2)} ms`);
  console.log(`nDCG@10      ${fmt(mean(ndcgs))}   (Anserini BM25 flat 0.679)`);
  console.log(`recall@100   ${fmt(mean(recalls))}   (Anserini BM25 flat 0.925)`);
  console.log(`queries with no hits: ${empty}; heap ${fmt(process.memoryUsage().heapUsed / 2 ** 20, 0)} MiB`);
}

await main();
