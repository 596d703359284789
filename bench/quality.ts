/**
 * Retrieval quality on the shared public collections, document level, one chunk per document,
 * through the real pipeline (buildIndex, then the Searcher's retrievers): BM25 three ways (FTS5
 * unicode61, FTS5 porter, wink), dense, hybrid RRF (k 60) with dense weights 1, 0.5, 0.25, 0.1
 * and min-max score fusion with alpha 0.1..0.9; nDCG@10 and recall@100 each, every hybrid next
 * to the best single retriever on the same collection, and SciFact's published references.
 *
 *   npx tsx bench/quality.ts [--corpora scifact,cranfield,cisi,medline,lisa,wikiqa]
 *                            [--embedder use-lite | transformers:<model> | hash:384 | none]
 *                            [--lexical fts5-porter|fts5-unicode61|wink] [--quick | --queries N]
 *
 * Passage and query vectors go through the shared embedding cache (bench/.out/.cache), so only
 * the first run per collection and embedder calls the model. Documents with empty title and text
 * (Cranfield 471 and 995) are skipped and counted (skipEmpty).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EmbedderPool } from '../src/embedders/embedder-pool.js';
import { EmbeddingCache, withCache } from '../src/embedders/embedding-cache.js';
import { createEmbedder } from '../src/embedders/registry.js';
import { buildIndex } from '../src/indexing/build-index.js';
import { Searcher } from '../src/search/searcher.js';
import type { IndexMeta } from '../src/store/index-meta.js';
import { printHeader } from './lib/command.js';
import { EMBEDDING_CACHE, loadGold, OUT_DIR, safeName, type Gold } from './lib/corpora.js';
import { meanScores, scoreRanking } from './lib/evaluate.js';
import { delta, f4, mdTable } from './lib/markdown.js';
import { qualityRuns, LEXICAL_LEGS, type LexicalLeg, type QualityRun } from './lib/quality-runs.js';
import { mib, peakRssMiB } from './lib/rss.js';

const ALL_CORPORA = ['scifact', 'cranfield', 'cisi', 'medline', 'lisa', 'wikiqa'];
const QUICK_QUERIES = 30;

/** Published SciFact figures (BEIR test split, same qrels): nDCG@10 / recall@100. */
const SCIFACT_REFERENCES: [string, number, number][] = [
  ['Anserini BM25 flat (published)', 0.6789, 0.9253],
  ['Anserini BM25 multifield (published)', 0.6647, 0.9076],
  ['all-MiniLM-L6-v2 (published)', 0.645, 0.925],
  ['bge-small-en-v1.5 (published)', 0.713, 0.945],
];

const { values } = parseArgs({
  options: {
    corpora: { type: 'string', default: ALL_CORPORA.join(',') },
    embedder: { type: 'string', default: 'use-lite' },
    lexical: { type: 'string', default: 'fts5-porter' },
    quick: { type: 'boolean', default: false },
    queries: { type: 'string' },
  },
});
if (!(LEXICAL_LEGS as readonly string[]).includes(values.lexical))
  throw new Error(`--lexical must be one of ${LEXICAL_LEGS.join(', ')}`);
const lexicalLeg = values.lexical as LexicalLeg;
const limit = values.queries !== undefined ? Number(values.queries) : values.quick ? QUICK_QUERIES : undefined;
const corpora = values.corpora
  .split(',')
  .map((c) => c.trim())
  .filter(Boolean);

interface RunResult {
  label: string;
  short: string;
  kind: QualityRun['kind'];
  ndcg10: number;
  recall100: number;
  seconds: number;
}

printHeader('Retrieval quality, document level, one chunk per document', import.meta.url);
console.log(
  `Embedder \`${values.embedder}\`; hybrids fuse ${lexicalLeg === 'wink' ? 'wink BM25' : `FTS5 BM25 (${lexicalLeg.slice(5)})`} with dense, depth 100 per leg; ` +
    `${limit === undefined ? 'all test queries' : `first ${limit} test queries per collection (quick check, not comparable to full runs)`}.\n`,
);

// One passage embedder for every build (its vectors come from the cache after the first run),
// and query vectors through the same cache.
const passageEmbedder =
  values.embedder === 'none' ? null : await createEmbedder(values.embedder, { onNotice: (m) => console.error(m) });
const pool = new EmbedderPool();
const queryCache = new EmbeddingCache(EMBEDDING_CACHE);
const loadEmbedder = async (id: string) => withCache(await pool.get(id), queryCache);

const summary = new Map<string, Map<string, RunResult>>();
try {
  for (const name of corpora) {
    const results = await evaluateCorpus(name);
    if (results) summary.set(name, new Map(results.map((r) => [r.label, r])));
  }
} finally {
  queryCache.close();
  await passageEmbedder?.close?.();
  await pool.close();
}
printSummary();
console.log(`\nPeak RSS of the whole run: ${mib(peakRssMiB())}.`);

/** Builds both indexes of one collection, runs every configuration, prints its table. */
async function evaluateCorpus(name: string): Promise<RunResult[] | undefined> {
  const gold = await loadGold(name, limit);
  const built: Partial<Record<'unicode61' | 'porter', { meta: IndexMeta; searcher: Searcher; seconds: number }>> = {};
  for (const tokenizer of ['unicode61', 'porter'] as const) {
    const out = path.join(OUT_DIR, 'quality', `${name}-${tokenizer}-${safeName(values.embedder)}.sqlite`);
    const t0 = performance.now();
    try {
      const meta = await buildIndex({
        corpus: gold.dir,
        out,
        chunker: 'doc',
        embedder: passageEmbedder ?? 'none',
        tokenizer,
        cacheFile: EMBEDDING_CACHE,
        skipEmpty: true,
        onNotice: (m) => console.error(`${name}: ${m}`),
      });
      built[tokenizer] = {
        meta,
        searcher: new Searcher(name, out, loadEmbedder),
        seconds: (performance.now() - t0) / 1000,
      };
    } catch (err) {
      console.log(`### ${name}\n\nindex build failed: ${(err as Error).message}\n`);
      return undefined;
    }
  }
  const u = built.unicode61!;
  const p = built.porter!;
  try {
    const { runs, reference } = await qualityRuns(u.searcher, p.searcher, lexicalLeg);
    const results: RunResult[] = [];
    for (const run of runs) results.push(await evaluate(run, gold));
    const check = reference ? await sameRankings(reference, runs.find((r) => r.kind === 'hybrid')!, gold) : undefined;
    printCorpus(name, gold, p.meta, [u.seconds, p.seconds], results, check);
    return results;
  } finally {
    u.searcher.close();
    p.searcher.close();
  }
}

async function evaluate(run: QualityRun, gold: Gold): Promise<RunResult> {
  const t0 = performance.now();
  const rows = [];
  for (const q of gold.queries) {
    const { hits } = await run.retriever.search(q.text, { k: 100, level: 'doc' });
    rows.push(
      scoreRanking(
        hits.map((h) => h.id),
        gold.qrels.get(q.id)!,
      ),
    );
  }
  return {
    label: run.label,
    short: run.short,
    kind: run.kind,
    ...meanScores(rows),
    seconds: (performance.now() - t0) / 1000,
  };
}

/** How many queries the memoised RRF 1/1 ranks exactly as the Searcher's own hybrid does. */
async function sameRankings(
  reference: NonNullable<Awaited<ReturnType<typeof qualityRuns>>['reference']>,
  run: QualityRun,
  gold: Gold,
): Promise<string> {
  let same = 0;
  for (const q of gold.queries) {
    const a = (await reference.search(q.text, { k: 100, level: 'doc' })).hits
      .map((h) => `${h.id}:${h.score}`)
      .join(' ');
    const b = (await run.retriever.search(q.text, { k: 100, level: 'doc' })).hits
      .map((h) => `${h.id}:${h.score}`)
      .join(' ');
    if (a === b) same++;
  }
  return `${same}/${gold.queries.length}`;
}

function printCorpus(
  name: string,
  gold: Gold,
  meta: IndexMeta,
  buildSeconds: number[],
  results: RunResult[],
  check?: string,
): void {
  const singles = results.filter((r) => r.kind === 'single');
  const best = (m: 'ndcg10' | 'recall100') => singles.reduce((a, b) => (b[m] > a[m] ? b : a));
  const bestN = best('ndcg10');
  const bestR = best('recall100');
  console.log(`### ${name}\n`);
  console.log(
    `${meta.counts.documents} documents indexed (${meta.counts.skippedEmpty ?? 0} skipped as empty), ${gold.queries.length} queries; ` +
      `${meta.counts.truncatedChunks} of ${meta.counts.chunks} chunks longer than the embedder reads; ` +
      `builds ${buildSeconds.map((s) => s.toFixed(1)).join(' s and ')} s (unicode61, porter; vectors from the cache after the first).\n`,
  );
  const rows = results.map((r) => [
    r.label,
    f4(r.ndcg10),
    f4(r.recall100),
    r.kind === 'hybrid' ? `${f4(bestN.ndcg10)} (${bestN.short})` : '',
    r.kind === 'hybrid' ? delta(r.ndcg10, bestN.ndcg10) : '',
    r.kind === 'hybrid' ? `${f4(bestR.recall100)} (${bestR.short})` : '',
    r.kind === 'hybrid' ? delta(r.recall100, bestR.recall100) : '',
    r.seconds.toFixed(1),
  ]);
  if (name === 'scifact')
    rows.push(...SCIFACT_REFERENCES.map(([label, n, r]) => [label, f4(n), f4(r), '', '', '', '', '']));
  console.log(
    mdTable(
      [
        'run',
        'nDCG@10',
        'recall@100',
        'best single nDCG@10',
        'Δ nDCG@10',
        'best single recall@100',
        'Δ recall@100',
        's',
      ],
      rows,
      'lrrrrrrr',
    ),
  );
  console.log(
    '\ns: wall time of the run over all queries; the hybrids share memoised legs, so only the first hybrid pays for running them.',
  );
  if (check)
    console.log(`Memoised-leg RRF 1/1 identical to the Searcher's hybrid (ids and scores) on ${check} queries.`);
  console.log('');
}

/** Every run × every collection, nDCG@10 / recall@100, and the best hybrid against the best single. */
function printSummary(): void {
  if (summary.size === 0) return;
  const names = [...summary.keys()];
  const labels = [...new Set([...summary.values()].flatMap((m) => [...m.keys()]))];
  const cell = (r: RunResult | undefined) => (r ? `${f4(r.ndcg10)} / ${f4(r.recall100)}` : '');
  const rows = labels.map((l) => [l, ...names.map((n) => cell(summary.get(n)!.get(l)))]);
  const gap = (kind: RunResult['kind'], n: string) =>
    Math.max(...[...summary.get(n)!.values()].filter((r) => r.kind === kind).map((r) => r.ndcg10));
  rows.push([
    '**best hybrid − best single, nDCG@10**',
    ...names.map((n) =>
      [...summary.get(n)!.values()].some((r) => r.kind === 'hybrid') ? delta(gap('hybrid', n), gap('single', n)) : '',
    ),
  ]);
  console.log('### All collections: nDCG@10 / recall@100\n');
  console.log(mdTable(['run', ...names], rows));
}
